/* kernels/square_inplace.h - square_inplace(), which overwrites its input
 * array in place, then sums it; shared by forward/inplace.c and
 * reverse/inplace_overwrite.c.  Kernels stay non-static and unchanged: the
 * programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_SQUARE_INPLACE_H
#define ENZYME_CORPUS_KERNELS_SQUARE_INPLACE_H

double square_inplace(double *x, int n) {
  for (int i = 0; i < n; i++)
    x[i] = x[i] * x[i];
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += x[i] * (i + 1);
  return s;
}

#endif /* ENZYME_CORPUS_KERNELS_SQUARE_INPLACE_H */
