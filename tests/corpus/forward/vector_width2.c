/* forward/vector_width2.c - vector forward mode with enzyme_width, 2: a
 * scalar function returning a struct of two doubles (returned in registers
 * as { double, double }), and a void function with an input array and an
 * output array, each taking 2 shadow arrays. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_width;
extern int enzyme_dup;
extern int enzyme_const;

typedef struct {
  double d0, d1;
} vec2;

extern vec2 __enzyme_fwddiff2(void *, ...);
extern void __enzyme_fwddiff2_void(void *, ...);

double f(double x, double y, double z) { return x * y * z + log(1.0 + x * x) * z; }

void vf(const double *x, double *out, int n) {
  for (int i = 0; i < n; i++)
    out[i] = x[i] * x[(i + 1) % n] + atan(x[i]);
}

static double eval_f(const double *p) { return f(p[0], p[1], p[2]); }
#define N 4
static void eval_vf(const double *p, double *out) { vf(p, out, N); }

int main(void) {
  double p[3] = {1.2, -0.8, 0.6};
  vec2 r = __enzyme_fwddiff2((void *)f, enzyme_width, 2, p[0], 1.0, 0.0, p[1],
                             0.0, 1.0, p[2], 0.0, 0.0);
  double e0[3] = {1.0, 0.0, 0.0}, e1[3] = {0.0, 1.0, 0.0};
  check("lane0_dx", r.d0, fd_dir(eval_f, p, e0, 3), TOL_D);
  check("lane1_dy", r.d1, fd_dir(eval_f, p, e1, 3), TOL_D);
  vec2 rz = __enzyme_fwddiff2((void *)f, enzyme_width, 2, enzyme_const, p[0],
                              enzyme_const, p[1], enzyme_dup, p[2], 1.0, -2.0);
  double ez[3] = {0.0, 0.0, 1.0};
  check("lane0_dz", rz.d0, fd_dir(eval_f, p, ez, 3), TOL_D);
  check("lane1_dz_scaled", rz.d1, -2.0 * fd_dir(eval_f, p, ez, 3), TOL_D);

  double x[N], out[N], va[N], vb[N], da[N], db[N], oa[N], ob[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 * i - 0.7;
    va[i] = 1.0 + i;
    vb[i] = cos(2.0 * i);
  }
  memcpy(da, va, sizeof da);
  memcpy(db, vb, sizeof db);
  memset(oa, 0, sizeof oa);
  memset(ob, 0, sizeof ob);
  __enzyme_fwddiff2_void((void *)vf, enzyme_width, 2, enzyme_dup, x, da, db,
                         enzyme_dup, out, oa, ob, enzyme_const, N);
  double ja[N], jb[N];
  fd_jvp(eval_vf, x, va, N, N, ja);
  fd_jvp(eval_vf, x, vb, N, N, jb);
  for (int i = 0; i < N; i++) {
    checki("vf_lane0", i, oa[i], ja[i], TOL_D);
    checki("vf_lane1", i, ob[i], jb[i], TOL_D);
  }
  return 0;
}
