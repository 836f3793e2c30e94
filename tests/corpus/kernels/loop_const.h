/* kernels/loop_const.h - sum_loop(), a loop with the constant trip count N =
 * 16 over an array; shared by forward/loop_const.c and reverse/loop_const.c.
 * Kernels stay non-static and unchanged: the programs differentiate them by
 * name. */
#ifndef ENZYME_CORPUS_KERNELS_LOOP_CONST_H
#define ENZYME_CORPUS_KERNELS_LOOP_CONST_H

#include <math.h>

#define N 16

double sum_loop(const double *x) {
  double s = 0.0;
  for (int i = 0; i < N; i++)
    s += sin(x[i]) * (i + 1) + 0.5 * x[i] * x[i];
  return s;
}

#endif /* ENZYME_CORPUS_KERNELS_LOOP_CONST_H */
