/* forward/vector_width4.c - vector forward mode: enzyme_width, 4 with each
 * duplicated scalar taking 4 tangent args (explicit enzyme_dup and default),
 * enzyme_const among them, and a pointer arg with 4 shadow arrays; the
 * result is a struct of 4 doubles (returned via sret on x86-64).  Each lane
 * must equal a scalar forward run and the FD directional derivative. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_width;
extern int enzyme_dup;
extern int enzyme_const;

typedef struct {
  double d[4];
} vec4;

extern vec4 __enzyme_fwddiff4(void *, ...);
extern double __enzyme_fwddiff(void *, ...);

double f(double x, double y) { return x * x * y + exp(x - y) + sin(x * y); }

double g(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i] * cos(x[(i + 1) % n]);
  return s;
}

static double eval_f(const double *p) { return f(p[0], p[1]); }
#define N 5
static double eval_g(const double *p) { return g(p, N); }

int main(void) {
  double p[2] = {0.7, -0.4};
  const double vx[4] = {1.0, 0.0, 0.5, 2.0};
  const double vy[4] = {0.0, 1.0, -1.0, 3.0};
  vec4 r = __enzyme_fwddiff4((void *)f, enzyme_width, 4, enzyme_dup, p[0],
                             vx[0], vx[1], vx[2], vx[3], enzyme_dup, p[1],
                             vy[0], vy[1], vy[2], vy[3]);
  vec4 r2 = __enzyme_fwddiff4((void *)f, enzyme_width, 4, p[0], vx[0], vx[1],
                              vx[2], vx[3], p[1], vy[0], vy[1], vy[2], vy[3]);
  vec4 rc = __enzyme_fwddiff4((void *)f, enzyme_width, 4, enzyme_dup, p[0],
                              vx[0], vx[1], vx[2], vx[3], enzyme_const, p[1]);
  for (int k = 0; k < 4; k++) {
    double v[2] = {vx[k], vy[k]};
    double vc[2] = {vx[k], 0.0};
    double scalar = __enzyme_fwddiff((void *)f, p[0], vx[k], p[1], vy[k]);
    checki("lane_fd", k, r.d[k], fd_dir(eval_f, p, v, 2), TOL_D);
    checki("lane_vs_scalar", k, r.d[k], scalar, 1e-12);
    checki("lane_default_fd", k, r2.d[k], fd_dir(eval_f, p, v, 2), TOL_D);
    checki("lane_const_y_fd", k, rc.d[k], fd_dir(eval_f, p, vc, 2), TOL_D);
  }

  double x[N], d0[N], d1[N], d2[N], d3[N];
  double *dirs[4] = {d0, d1, d2, d3};
  for (int i = 0; i < N; i++) {
    x[i] = 0.3 * i - 0.5;
    d0[i] = (i == 0);
    d1[i] = (i == 3);
    d2[i] = sin(1.0 + i);
    d3[i] = 1.0;
  }
  vec4 rg = __enzyme_fwddiff4((void *)g, enzyme_width, 4, enzyme_dup, x, d0, d1,
                              d2, d3, enzyme_const, N);
  for (int k = 0; k < 4; k++) {
    double tmp[N];
    memcpy(tmp, dirs[k], sizeof tmp);
    double scalar = __enzyme_fwddiff((void *)g, x, tmp, N);
    checki("ptr_lane_fd", k, rg.d[k], fd_dir(eval_g, x, dirs[k], N), TOL_D);
    checki("ptr_lane_vs_scalar", k, rg.d[k], scalar, 1e-12);
  }
  return 0;
}
