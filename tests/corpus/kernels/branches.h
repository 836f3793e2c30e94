/* kernels/branches.h - br(x, y), if/else on active values; shared by
 * forward/branches.c and reverse/branches.c.  Kernels stay non-static and
 * unchanged: the programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_BRANCHES_H
#define ENZYME_CORPUS_KERNELS_BRANCHES_H

#include <math.h>

double br(double x, double y) {
  double r;
  if (x > y)
    r = x * y + sin(x);
  else
    r = x - y * y;
  if (x * x + y * y < 4.0)
    r *= exp(0.1 * x);
  else
    r += log(x * x + y * y);
  return r;
}

#endif /* ENZYME_CORPUS_KERNELS_BRANCHES_H */
