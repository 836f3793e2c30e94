/* reverse/switch_active.c - reverse mode through a switch on an int
 * computed from an active value (floor(x)), including a fall-through case
 * and the default, and a switch inside a loop over an array. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_autodiff(void *, ...);
extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/sw.h"

double swloop(const double *x, int n) {
  double s = 1.0;
  for (int i = 0; i < n; i++) {
    switch (((int)floor(x[i] * 2.0)) & 3) {
    case 0:
      s = s * x[i];
      break;
    case 1:
      s = s + cos(x[i]);
      break;
    case 2:
      s = s - x[i] * x[i];
      break;
    default:
      s = s * 0.5 + x[i];
    }
  }
  return s;
}

static double eval_sw(const double *p) { return sw(p[0]); }
#define N 8
static double eval_loop(const double *p) { return swloop(p, N); }

int main(void) {
  const double xs[5] = {0.5, 1.4, 2.7, 3.3, 5.3};
  for (int k = 0; k < 5; k++) {
    double p[1] = {xs[k]};
    checki("dsw", k, __enzyme_autodiff((void *)sw, p[0]), fd(eval_sw, p, 1, 0),
           TOL_D);
  }
  double x[N], dx[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.25 + 0.5 * i + 0.1 * sin(i); /* x*2 well inside [k, k+1) */
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)swloop, x, dx, N);
  for (int i = 0; i < N; i++)
    checki("dswloop", i, dx[i], fd(eval_loop, x, N, i), TOL_D);
  return 0;
}
