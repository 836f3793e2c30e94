/* kernels/nested_loops.h - quad() (x^T A x + b.x, runtime size) and tri()
 * (triangular loop nest); shared by forward/nested_loops.c and
 * reverse/nested_loops.c.  Kernels stay non-static and unchanged: the
 * programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_NESTED_LOOPS_H
#define ENZYME_CORPUS_KERNELS_NESTED_LOOPS_H

#include <math.h>

double quad(const double *A, const double *x, const double *b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    double r = 0.0;
    for (int j = 0; j < n; j++)
      r += A[i * n + j] * x[j];
    s += x[i] * r + b[i] * x[i];
  }
  return s;
}

double tri(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      s += sin(x[i] * x[j]) / (1.0 + i + j);
  return s;
}

#endif /* ENZYME_CORPUS_KERNELS_NESTED_LOOPS_H */
