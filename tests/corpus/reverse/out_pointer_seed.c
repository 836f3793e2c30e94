/* reverse/out_pointer_seed.c - reverse mode of void functions writing
 * through an output pointer: seeding the output's shadow with 1.0 at entry
 * k yields row k of the Jacobian (into the input shadow, and as the
 * returned derivative of an active scalar); a weighted seed yields J^T w;
 * two active scalars with an output pointer return a struct. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

typedef struct {
  double dx, dy;
} d2;

extern double __enzyme_autodiff(void *, ...);
extern d2 __enzyme_autodiff2(void *, ...);

void vecfun(const double *x, double a, double *out) {
  out[0] = a * x[0] * x[1];
  out[1] = sin(x[0]) + a * a;
  out[2] = exp(x[1] * a) - x[2];
  out[3] = x[0] / (1.0 + x[2] * x[2]);
}

void polar(double r, double t, double *xy) {
  xy[0] = r * cos(t);
  xy[1] = r * sin(t);
}

static void eval_vec(const double *p, double *out) { vecfun(p, p[3], out); }
static void eval_polar(const double *p, double *out) { polar(p[0], p[1], out); }

int main(void) {
  double p[4] = {0.6, -1.1, 0.9, 1.4}; /* x[0..2], a */
  double J[4][4];                      /* J[k][i] = d out[k] / d p[i] */
  for (int i = 0; i < 4; i++) {
    double col[4];
    fd_jac_col(eval_vec, p, 4, i, 4, col);
    for (int k = 0; k < 4; k++)
      J[k][i] = col[k];
  }
  double out[4], dout[4], dx[3];
  for (int k = 0; k < 4; k++) {
    memset(dx, 0, sizeof dx);
    memset(dout, 0, sizeof dout);
    dout[k] = 1.0;
    double da = __enzyme_autodiff((void *)vecfun, p, dx, p[3], out, dout);
    for (int i = 0; i < 3; i++)
      checkij("row_dx", k, i, dx[i], J[k][i], TOL_D);
    checki("row_da", k, da, J[k][3], TOL_D);
  }
  const double w[4] = {0.5, -1.0, 2.0, 0.25};
  memset(dx, 0, sizeof dx);
  memcpy(dout, w, sizeof dout);
  double da = __enzyme_autodiff((void *)vecfun, p, dx, p[3], out, dout);
  for (int i = 0; i < 4; i++) {
    double ref = 0.0;
    for (int k = 0; k < 4; k++)
      ref += w[k] * J[k][i];
    checki("JTw", i, i < 3 ? dx[i] : da, ref, TOL_D);
  }

  double q[2] = {1.5, 0.7}, xy[2], dxy[2] = {1.0, 0.0}, col0[2], col1[2];
  fd_jac_col(eval_polar, q, 2, 0, 2, col0);
  fd_jac_col(eval_polar, q, 2, 1, 2, col1);
  d2 r = __enzyme_autodiff2((void *)polar, q[0], q[1], xy, dxy);
  check("dx_dr", r.dx, col0[0], TOL_D);
  check("dx_dt", r.dy, col1[0], TOL_D);
  dxy[0] = 0.0;
  dxy[1] = 1.0;
  r = __enzyme_autodiff2((void *)polar, q[0], q[1], xy, dxy);
  check("dy_dr", r.dx, col0[1], TOL_D);
  check("dy_dt", r.dy, col1[1], TOL_D);
  return 0;
}
