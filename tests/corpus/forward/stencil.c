/* forward/stencil.c - forward mode of an explicit time-stepping stencil:
 * T steps of a 1-D diffusion update with a mild nonlinearity over n cells,
 * double-buffered with malloc, updating the state array in place (in-out
 * pointer) with an active diffusion coefficient; also a scalar energy. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);
extern void __enzyme_fwddiff_void(void *, ...);

#include "kernels/stencil.h"

#define N 16
#define STEPS 20
static void eval_vec(const double *p, double *out) {
  memcpy(out, p, sizeof(double) * N);
  heat(out, N, STEPS, p[N]);
}
static double eval_e(const double *p) { return heat_energy(p, N, STEPS, p[N]); }

int main(void) {
  double p[N + 1], v[N + 1], u[N], du[N], jv[N];
  for (int i = 0; i < N; i++) {
    p[i] = sin(3.14159 * i / (N - 1)) + 0.1 * i;
    v[i] = cos(0.5 * i);
  }
  p[N] = 0.2;
  v[N] = 0.7;
  memcpy(u, p, sizeof u);
  memcpy(du, v, sizeof du);
  __enzyme_fwddiff_void((void *)heat, u, du, N, STEPS, p[N], v[N]);
  fd_jvp(eval_vec, p, v, N + 1, N, jv);
  for (int i = 0; i < N; i += 3)
    checki("dheat", i, du[i], jv[i], TOL_D);
  double ref[N];
  eval_vec(p, ref);
  check("heat_primal", u[7], ref[7], 1e-13);

  memcpy(du, v, sizeof du);
  double de = __enzyme_fwddiff((void *)heat_energy, p, du, N, STEPS, p[N], v[N]);
  check("denergy_dir", de, fd_dir(eval_e, p, v, N + 1), TOL_D);
  memset(du, 0, sizeof du);
  double dnu = __enzyme_fwddiff((void *)heat_energy, p, du, N, STEPS, p[N], 1.0);
  check("denergy_dnu", dnu, fd(eval_e, p, N + 1, N), TOL_D);
  return 0;
}
