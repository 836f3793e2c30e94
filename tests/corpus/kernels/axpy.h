/* kernels/axpy.h - axpy(), the vectorizable in-place update y[i] = a*x[i] +
 * y[i]; shared by forward/vectorized.c and reverse/axpy.c.  Kernels stay
 * non-static and unchanged: the programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_AXPY_H
#define ENZYME_CORPUS_KERNELS_AXPY_H

void axpy(double a, const double *x, double *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

#endif /* ENZYME_CORPUS_KERNELS_AXPY_H */
