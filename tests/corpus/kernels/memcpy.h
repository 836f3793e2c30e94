/* kernels/memcpy.h - copy_stack() and copy_heap(): memcpy/memmove of double
 * arrays into a stack and a heap buffer; shared by forward/memcpy.c and
 * reverse/memcpy.c.  Kernels stay non-static and unchanged: the programs
 * differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_MEMCPY_H
#define ENZYME_CORPUS_KERNELS_MEMCPY_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

double copy_stack(const double *x, int n) {
  double buf[16];
  memcpy(buf, x, sizeof(double) * n);
  for (int i = 0; i < n; i++)
    buf[i] = buf[i] * buf[(i + 1) % n];
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += buf[i];
  return s;
}

double copy_heap(const double *x, int n) {
  double *b = (double *)malloc(sizeof(double) * 2 * n);
  memcpy(b, x, sizeof(double) * n);
  memcpy(b + n, x, sizeof(double) * n);
  memmove(b + 1, b, sizeof(double) * (2 * n - 1));
  double s = 0.0;
  for (int i = 0; i < 2 * n; i++)
    s += exp(0.1 * b[i]) * (i + 1);
  free(b);
  return s;
}

#endif /* ENZYME_CORPUS_KERNELS_MEMCPY_H */
