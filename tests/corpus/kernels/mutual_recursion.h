/* kernels/mutual_recursion.h - the mutually recursive ping() and pong();
 * shared by forward/mutual_recursion.c and reverse/mutual_recursion.c.
 * Kernels stay non-static and unchanged: the programs differentiate them by
 * name. */
#ifndef ENZYME_CORPUS_KERNELS_MUTUAL_RECURSION_H
#define ENZYME_CORPUS_KERNELS_MUTUAL_RECURSION_H

#include <math.h>

double ping(double x, double c, int n);
double pong(double x, double c, int n);

double ping(double x, double c, int n) {
  if (n == 0)
    return x * c;
  return pong(sin(x) + 0.5 * x * c, c, n - 1);
}

double pong(double x, double c, int n) {
  if (n == 0)
    return x * x;
  return ping(0.3 * x * x + cos(x) * c, c, n - 1);
}

#endif /* ENZYME_CORPUS_KERNELS_MUTUAL_RECURSION_H */
