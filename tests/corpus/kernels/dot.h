/* kernels/dot.h - dot(), a vectorizable dot-product reduction; shared by
 * forward/vectorized.c and reverse/vectorized_dot.c.  Kernels stay non-
 * static and unchanged: the programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_DOT_H
#define ENZYME_CORPUS_KERNELS_DOT_H

double dot(const double *x, const double *y, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

#endif /* ENZYME_CORPUS_KERNELS_DOT_H */
