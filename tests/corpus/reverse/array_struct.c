/* reverse/array_struct.c - reverse mode over an array of structs
 * { double x, y; int id; }: the gradient accumulates into the x and y fields
 * of a shadow struct array (the int field is inactive and only read from
 * the primal). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/array_struct.h"

/* moves the points in place (struct fields overwritten) then sums */
double relax(Pt *pts, int n) {
  for (int i = 0; i < n; i++) {
    pts[i].x = pts[i].x + 0.1 * sin(pts[i].y) * (pts[i].id % 2 ? 1.0 : -1.0);
    pts[i].y = pts[i].y * pts[i].x;
  }
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += pts[i].x * pts[i].y;
  return s;
}

#define N 5
static void to_pts(const double *p, Pt *pts) {
  for (int i = 0; i < N; i++) {
    pts[i].x = p[2 * i];
    pts[i].y = p[2 * i + 1];
    pts[i].id = 7 * i + 2;
  }
}
static double eval(const double *p) {
  Pt pts[N];
  to_pts(p, pts);
  return energy(pts, N);
}
static double eval_relax(const double *p) {
  Pt pts[N];
  to_pts(p, pts);
  return relax(pts, N);
}

int main(void) {
  double p[2 * N];
  for (int i = 0; i < 2 * N; i++)
    p[i] = sin(1.3 * i) + 0.2;
  Pt pts[N], dpts[N];
  to_pts(p, pts);
  memset(dpts, 0, sizeof dpts);
  __enzyme_autodiff_void((void *)energy, pts, dpts, N);
  for (int i = 0; i < N; i++) {
    checki("denergy_x", i, dpts[i].x, fd(eval, p, 2 * N, 2 * i), TOL_D);
    checki("denergy_y", i, dpts[i].y, fd(eval, p, 2 * N, 2 * i + 1), TOL_D);
  }
  memset(dpts, 0, sizeof dpts);
  __enzyme_autodiff_void((void *)relax, pts, dpts, N);
  for (int i = 0; i < N; i++) {
    checki("drelax_x", i, dpts[i].x, fd(eval_relax, p, 2 * N, 2 * i), TOL_D);
    checki("drelax_y", i, dpts[i].y, fd(eval_relax, p, 2 * N, 2 * i + 1), TOL_D);
  }
  return 0;
}
