/* kernels/early_return.h - first_neg() (early return from inside a loop) and
 * guard() (early returns from guards); shared by forward/early_return.c and
 * reverse/early_return.c.  Kernels stay non-static and unchanged: the
 * programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_EARLY_RETURN_H
#define ENZYME_CORPUS_KERNELS_EARLY_RETURN_H

#include <math.h>

double first_neg(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    if (x[i] < 0.0)
      return s * x[i] + x[i] * x[i] * (i + 1);
    s += sqrt(x[i] + 1.0);
  }
  return s * s;
}

double guard(double x, double y) {
  if (y > 2.0)
    return y * log(y);
  if (x < 0.0)
    return x * y;
  return sin(x) * y * y;
}

#endif /* ENZYME_CORPUS_KERNELS_EARLY_RETURN_H */
