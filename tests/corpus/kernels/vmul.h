/* kernels/vmul.h - vmul(), a vectorizable elementwise product into an output
 * array; shared by forward/vectorized.c and reverse/vectorized_dot.c.
 * Kernels stay non-static and unchanged: the programs differentiate them by
 * name. */
#ifndef ENZYME_CORPUS_KERNELS_VMUL_H
#define ENZYME_CORPUS_KERNELS_VMUL_H

void vmul(const double *x, const double *y, double *z, int n) {
  for (int i = 0; i < n; i++)
    z[i] = x[i] * y[i] + 2.0 * x[i];
}

#endif /* ENZYME_CORPUS_KERNELS_VMUL_H */
