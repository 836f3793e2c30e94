/* reverse/loop_const.c - reverse mode through loops with constant trip
 * counts: a sum over a fixed-size array and a scalar loop-carried
 * recurrence (the reverse sweep must replay the iterations backwards). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_autodiff(void *, ...);
extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/loop_const.h"

double recur(double x) {
  double y = x;
  for (int i = 0; i < 10; i++)
    y = 0.9 * y + 0.1 * sin(y) + 0.05 * x * y;
  return y * y;
}

static double eval_sum(const double *p) { return sum_loop(p); }
static double eval_recur(const double *p) { return recur(p[0]); }

int main(void) {
  double x[N], dx[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.3 * i - 2.0;
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)sum_loop, x, dx);
  for (int i = 0; i < N; i++)
    checki("dsum", i, dx[i], fd(eval_sum, x, N, i), TOL_D);
  const double xs[2] = {0.7, -1.2};
  for (int k = 0; k < 2; k++) {
    double p[1] = {xs[k]};
    checki("drecur", k, __enzyme_autodiff((void *)recur, p[0]),
           fd(eval_recur, p, 1, 0), TOL_D);
  }
  return 0;
}
