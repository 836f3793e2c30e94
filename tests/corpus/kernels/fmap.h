/* kernels/fmap.h - fmap(), a float map from x into an output array y; shared
 * by forward/float_loop.c and reverse/float_array.c.  Kernels stay non-
 * static and unchanged: the programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_FMAP_H
#define ENZYME_CORPUS_KERNELS_FMAP_H

#include <math.h>

void fmap(const float *x, float *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = sqrtf(1.0f + x[i] * x[i]) * x[(i + 1) % n];
}

#endif /* ENZYME_CORPUS_KERNELS_FMAP_H */
