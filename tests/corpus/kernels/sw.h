/* kernels/sw.h - sw(x), a switch on (int)floor(x) with a fall-through case
 * and a default; shared by forward/branches.c and reverse/switch_active.c.
 * Kernels stay non-static and unchanged: the programs differentiate them by
 * name. */
#ifndef ENZYME_CORPUS_KERNELS_SW_H
#define ENZYME_CORPUS_KERNELS_SW_H

#include <math.h>

double sw(double x) {
  int sel = (int)floor(x);
  double r;
  switch (sel) {
  case 0:
    r = x * x;
    break;
  case 1:
    r = sin(x) * 3.0;
    break;
  case 2:
    r = exp(0.5 * x);
    /* fall through */
  case 3:
    r = (sel == 3 ? 1.0 : r) + x * x * x;
    break;
  default:
    r = sqrt(x * x + 1.0);
  }
  return r;
}

#endif /* ENZYME_CORPUS_KERNELS_SW_H */
