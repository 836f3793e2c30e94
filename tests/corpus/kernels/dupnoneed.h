/* kernels/dupnoneed.h - smooth() writing an output array and smooth_sum()
 * reducing it; shared by forward/dupnoneed.c and reverse/dupnoneed.c.
 * Kernels stay non-static and unchanged: the programs differentiate them by
 * name. */
#ifndef ENZYME_CORPUS_KERNELS_DUPNONEED_H
#define ENZYME_CORPUS_KERNELS_DUPNONEED_H

#include <math.h>

void smooth(const double *x, double *y, int n) {
  for (int i = 0; i < n; i++) {
    double l = i > 0 ? x[i - 1] : 0.0;
    double r = i + 1 < n ? x[i + 1] : 0.0;
    y[i] = tanh(0.25 * l + 0.5 * x[i] + 0.25 * r);
  }
}

double smooth_sum(const double *x, double *y, int n) {
  smooth(x, y, n);
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += y[i] * y[i];
  return s;
}

#endif /* ENZYME_CORPUS_KERNELS_DUPNONEED_H */
