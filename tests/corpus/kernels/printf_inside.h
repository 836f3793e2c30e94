/* kernels/printf_inside.h - traced(), which calls printf and bumps the
 * global call counter ncalls; shared by forward/printf_inside.c and
 * reverse/printf_inside.c.  Kernels stay non-static and unchanged: the
 * programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_PRINTF_INSIDE_H
#define ENZYME_CORPUS_KERNELS_PRINTF_INSIDE_H

#include <math.h>
#include <stdio.h>

int ncalls = 0;

double traced(double x, const double *w, int n) {
  ncalls++;
  printf("traced: x=%.3f n=%d\n", x, n);
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    s += w[i] * sin(x * (i + 1));
    if (i == 1)
      printf("traced: partial=%.3f\n", s);
  }
  return s * x;
}

#endif /* ENZYME_CORPUS_KERNELS_PRINTF_INSIDE_H */
