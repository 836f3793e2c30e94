/* kernels/poly.h - poly1(), a quartic polynomial; shared by forward/poly.c
 * and reverse/poly.c.  Kernels stay non-static and unchanged: the programs
 * differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_POLY_H
#define ENZYME_CORPUS_KERNELS_POLY_H

/* 3x^4 - 2x^3 + 0.5x^2 - 7x + 1.25 in Horner form */
double poly1(double x) { return (((3.0 * x - 2.0) * x + 0.5) * x - 7.0) * x + 1.25; }

#endif /* ENZYME_CORPUS_KERNELS_POLY_H */
