/* kernels/complex.h - f(re, im), C99 complex multiplication, division and
 * cabs; shared by forward/complex.c and reverse/complex.c.  Kernels stay
 * non-static and unchanged: the programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_COMPLEX_H
#define ENZYME_CORPUS_KERNELS_COMPLEX_H

#include <complex.h>
#include <math.h>

double f(double re, double im) {
  double complex z = re + im * I;
  double complex w = (z * z + 1.0) / (z - 0.5 * I);
  return creal(w) * cimag(w) + cabs(w);
}

#endif /* ENZYME_CORPUS_KERNELS_COMPLEX_H */
