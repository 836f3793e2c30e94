/* forward/loop_runtime.c - forward mode through a loop whose trip count n
 * is a runtime int argument (const by default, and with enzyme_const), with
 * n = 1 and n = 7, mixing a pointer arg and an active scalar. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_const;
extern int enzyme_dup;
extern double __enzyme_fwddiff(void *, ...);

double f(const double *x, int n, double a) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += exp(-a * x[i]) * x[i] + a * a / (1.0 + i);
  return s;
}

static int NN;
static double eval(const double *p) { return f(p, NN, p[NN]); }

int main(void) {
  double buf[8], dx[8], v[8];
  const int ns[2] = {1, 7};
  for (int t = 0; t < 2; t++) {
    int n = ns[t];
    NN = n;
    for (int i = 0; i < n; i++) {
      buf[i] = 0.2 * i + 0.1;
      v[i] = 1.0 - 0.3 * i;
    }
    double a = 1.3;
    buf[n] = a;
    v[n] = 0.0;
    memcpy(dx, v, sizeof dx);
    double d1 = __enzyme_fwddiff((void *)f, buf, dx, n, a, 0.0);
    checki("df_dx_dir", n, d1, fd_dir(eval, buf, v, n + 1), TOL_D);
    memset(dx, 0, sizeof dx);
    double d2 = __enzyme_fwddiff((void *)f, enzyme_dup, buf, dx, enzyme_const,
                                 n, enzyme_dup, a, 1.0);
    checki("df_da", n, d2, fd(eval, buf, n + 1, n), TOL_D);
  }
  return 0;
}
