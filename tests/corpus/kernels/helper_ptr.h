/* kernels/helper_ptr.h - f() and the helpers it calls with pointer
 * arguments: accumulate() and scaled_sin() (noinline) and norm2(); shared by
 * forward/helper_ptr.c and reverse/helper_ptr.c.  Kernels stay non-static
 * and unchanged: the programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_HELPER_PTR_H
#define ENZYME_CORPUS_KERNELS_HELPER_PTR_H

#include <math.h>

__attribute__((noinline)) void accumulate(double *acc, const double *v,
                                          double w, int n) {
  for (int i = 0; i < n; i++)
    acc[i] += w * v[i] * v[i];
}

double norm2(const double *v, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += v[i] * v[i];
  return sqrt(s);
}

__attribute__((noinline)) void scaled_sin(double x, double *out) {
  *out = sin(x) * 2.0;
}

double f(const double *x, const double *y, int n) {
  double acc[8];
  for (int i = 0; i < n; i++)
    acc[i] = 0.1;
  accumulate(acc, x, 2.0, n);
  accumulate(acc, y, x[0], n);
  double t;
  scaled_sin(y[1], &t);
  return norm2(acc, n) * t;
}

#endif /* ENZYME_CORPUS_KERNELS_HELPER_PTR_H */
