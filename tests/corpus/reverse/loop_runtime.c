/* reverse/loop_runtime.c - reverse mode through loops whose trip count is a
 * runtime int argument (const by default), with n = 1, 7 and 0 (empty loop:
 * zero gradient), plus an active scalar returned alongside the shadow. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_autodiff(void *, ...);

double f(const double *x, int n, double a) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += exp(-a * x[i]) * x[i] + a * a / (1.0 + i) + x[i] * s * 0.1;
  return s;
}

static int NN;
static double eval(const double *p) { return f(p, NN, p[NN]); }

int main(void) {
  double buf[8], dx[8];
  const int ns[3] = {1, 7, 0};
  for (int t = 0; t < 3; t++) {
    int n = ns[t];
    NN = n;
    for (int i = 0; i < n; i++)
      buf[i] = 0.2 * i + 0.1;
    buf[n] = 1.3;
    memset(dx, 0, sizeof dx);
    double da = __enzyme_autodiff((void *)f, buf, dx, n, buf[n]);
    checki("df_da", n, da, fd(eval, buf, n + 1, n), TOL_D);
    for (int i = 0; i < n; i++)
      checkij("df_dx", n, i, dx[i], fd(eval, buf, n + 1, i), TOL_D);
  }
  return 0;
}
