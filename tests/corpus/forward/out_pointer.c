/* forward/out_pointer.c - forward mode of void functions that write their
 * results through output pointers: the output's shadow receives the
 * tangent (Jacobian-vector product), with active array and scalar inputs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern void __enzyme_fwddiff_void(void *, ...);

void vecfun(const double *x, double *out, double a) {
  out[0] = a * x[0] * x[1];
  out[1] = sin(x[0]) + a * a;
  out[2] = exp(x[1] * a) - x[2];
  out[3] = x[0] / (1.0 + x[2] * x[2]);
}

void scalar_out(double x, double y, double *r) { *r = hypot(x, y) * atan(x); }

static void eval_vec(const double *p, double *out) { vecfun(p, out, p[3]); }
static double eval_s(const double *p) {
  double r;
  scalar_out(p[0], p[1], &r);
  return r;
}

int main(void) {
  double p[4] = {0.6, -1.1, 0.9, 1.4}; /* x[0..2], a */
  double v[4] = {1.0, 0.5, -2.0, 0.3};
  double out[4], dout[4], dx[3];
  memcpy(dx, v, sizeof dx);
  memset(dout, 0, sizeof dout);
  memset(out, 0, sizeof out);
  __enzyme_fwddiff_void((void *)vecfun, p, dx, out, dout, p[3], v[3]);
  double jv[4], ref[4];
  fd_jvp(eval_vec, p, v, 4, 4, jv);
  eval_vec(p, ref);
  for (int k = 0; k < 4; k++) {
    checki("dout", k, dout[k], jv[k], TOL_D);
    checki("out_primal", k, out[k], ref[k], 1e-14);
  }
  double q[2] = {0.7, 2.0};
  double r = 0, dr = 0;
  __enzyme_fwddiff_void((void *)scalar_out, q[0], 1.0, q[1], 0.0, &r, &dr);
  check("dr_dx", dr, fd(eval_s, q, 2, 0), TOL_D);
  dr = 0;
  __enzyme_fwddiff_void((void *)scalar_out, q[0], 0.0, q[1], 1.0, &r, &dr);
  check("dr_dy", dr, fd(eval_s, q, 2, 1), TOL_D);
  return 0;
}
