/* reverse/stencil.c - reverse mode of an explicit time-stepping stencil:
 * T = 20 steps of a nonlinear 1-D diffusion update over 16 cells with two
 * malloc'd buffers swapped each step; gradient of the final energy w.r.t.
 * the initial state and the (active, returned) diffusion coefficient, and
 * the in-place version with a seeded state shadow. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_autodiff(void *, ...);

#include "kernels/stencil.h"

#define N 16
#define STEPS 20
static const double WS[N] = {1, -1, 2, 0.5, 0, 1, 1, -2, 0.25, 1, 3, -1, 0, 2, 1, -0.5};
static double eval_e(const double *p) { return heat_energy(p, N, STEPS, p[N]); }
static double eval_w(const double *p) {
  double u[N], s = 0.0;
  memcpy(u, p, sizeof u);
  heat(u, N, STEPS, p[N]);
  for (int i = 0; i < N; i++)
    s += WS[i] * u[i];
  return s;
}

int main(void) {
  double p[N + 1], du[N], u[N];
  for (int i = 0; i < N; i++)
    p[i] = sin(3.14159 * i / (N - 1)) + 0.1 * i;
  p[N] = 0.2;
  memset(du, 0, sizeof du);
  double dnu = __enzyme_autodiff((void *)heat_energy, p, du, N, STEPS, p[N]);
  check("denergy_dnu", dnu, fd(eval_e, p, N + 1, N), TOL_D);
  for (int i = 0; i < N; i++)
    checki("denergy_du0", i, du[i], fd(eval_e, p, N + 1, i), TOL_D);

  memcpy(u, p, sizeof u);
  memcpy(du, WS, sizeof du);
  double dnu2 = __enzyme_autodiff((void *)heat, u, du, N, STEPS, p[N]);
  check("dheat_w_dnu", dnu2, fd(eval_w, p, N + 1, N), TOL_D);
  for (int i = 0; i < N; i += 3)
    checki("dheat_w_du0", i, du[i], fd(eval_w, p, N + 1, i), TOL_D);
  return 0;
}
