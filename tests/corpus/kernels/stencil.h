/* kernels/stencil.h - heat(), an explicit time-stepping 1-D diffusion
 * stencil updating its state in place with two malloc'd buffers, and
 * heat_energy(); shared by forward/stencil.c and reverse/stencil.c.  Kernels
 * stay non-static and unchanged: the programs differentiate them by name. */
#ifndef ENZYME_CORPUS_KERNELS_STENCIL_H
#define ENZYME_CORPUS_KERNELS_STENCIL_H

#include <stdlib.h>
#include <string.h>

void heat(double *u, int n, int steps, double nu) {
  double *a = (double *)malloc(sizeof(double) * n);
  double *b = (double *)malloc(sizeof(double) * n);
  memcpy(a, u, sizeof(double) * n);
  for (int t = 0; t < steps; t++) {
    b[0] = a[0];
    b[n - 1] = a[n - 1];
    for (int i = 1; i < n - 1; i++)
      b[i] = a[i] + nu * (a[i - 1] - 2.0 * a[i] + a[i + 1]) -
             0.01 * a[i] * a[i] * a[i];
    double *tmp = a;
    a = b;
    b = tmp;
  }
  memcpy(u, a, sizeof(double) * n);
  free(a);
  free(b);
}

double heat_energy(const double *u0, int n, int steps, double nu) {
  double *u = (double *)malloc(sizeof(double) * n);
  memcpy(u, u0, sizeof(double) * n);
  heat(u, n, steps, nu);
  double e = 0.0;
  for (int i = 0; i < n; i++)
    e += u[i] * u[i];
  free(u);
  return e;
}

#endif /* ENZYME_CORPUS_KERNELS_STENCIL_H */
