/* kernels/malloc_free.h - with_malloc(), which mallocs and frees a buffer of
 * active temporaries; shared by forward/malloc_free.c and
 * reverse/malloc_free.c.  Kernels stay non-static and unchanged: the
 * programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_MALLOC_FREE_H
#define ENZYME_CORPUS_KERNELS_MALLOC_FREE_H

#include <math.h>
#include <stdlib.h>

double with_malloc(const double *x, int n) {
  double *t = (double *)malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    t[i] = x[i] * x[i] + 1.0;
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += log(t[i]) * t[(i + 1) % n];
  free(t);
  return s;
}

#endif /* ENZYME_CORPUS_KERNELS_MALLOC_FREE_H */
