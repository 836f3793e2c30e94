/* kernels/rsum.h - rsum(), a recursive nonlinear reduction over an array;
 * shared by forward/recursion.c and reverse/recursion_sum.c.  Kernels stay
 * non-static and unchanged: the programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_RSUM_H
#define ENZYME_CORPUS_KERNELS_RSUM_H

#include <math.h>

double rsum(const double *x, int n) {
  if (n == 0)
    return 0.0;
  return cos(x[n - 1]) * (1.0 + 0.5 * rsum(x, n - 1)) + x[n - 1];
}

#endif /* ENZYME_CORPUS_KERNELS_RSUM_H */
