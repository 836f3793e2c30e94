/* forward/array_struct.c - forward mode over an array of structs
 * { double x, y; int id; } passed by pointer with a shadow array of the same
 * structs carrying the tangents of x and y (the int field is inactive). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#include "kernels/array_struct.h"

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

int main(void) {
  double p[2 * N], v[2 * N];
  for (int i = 0; i < 2 * N; i++) {
    p[i] = sin(1.3 * i) + 0.2;
    v[i] = cos(0.7 * i);
  }
  Pt pts[N], dpts[N];
  to_pts(p, pts);
  to_pts(v, dpts);
  for (int i = 0; i < N; i++)
    dpts[i].id = 0;
  double d = __enzyme_fwddiff((void *)energy, pts, dpts, N);
  check("denergy_dir", d, fd_dir(eval, p, v, 2 * N), TOL_D);
  for (int k = 0; k < 2 * N; k += 3) {
    memset(dpts, 0, sizeof dpts);
    if (k % 2 == 0)
      dpts[k / 2].x = 1.0;
    else
      dpts[k / 2].y = 1.0;
    double dk = __enzyme_fwddiff((void *)energy, pts, dpts, N);
    checki("denergy", k, dk, fd(eval, p, 2 * N, k), TOL_D);
  }
  return 0;
}
