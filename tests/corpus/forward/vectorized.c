/* forward/vectorized.c - forward mode of loops that clang -O2/-O3
 * vectorizes (n = 1000): elementwise y[i] = a*x[i] + y[i] (axpy, in-out
 * array plus an active scalar), an elementwise product into an output array,
 * and a dot-product reduction; checked on sampled indices and a weighted
 * checksum against the analytic tangents, and the dot product against FD. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);
extern void __enzyme_fwddiff_void(void *, ...);

#include "kernels/axpy.h"
#include "kernels/vmul.h"
#include "kernels/dot.h"

#define N 1000
static double X[N], Y[N], DX[N], DY[N], Z[N], DZ[N], T[N];
static const int SAMPLE[8] = {0, 1, 2, 3, N / 2, N - 3, N - 2, N - 1};

static double eval_dot(const double *p) { return dot(p, p + N, N); }

int main(void) {
  for (int i = 0; i < N; i++) {
    X[i] = sin(0.1 * i);
    Y[i] = 0.1 * cos(0.37 * i);
    DX[i] = cos(0.05 * i);
    DY[i] = 0.5 - (i % 7) * 0.1;
  }
  /* axpy: tangent of y_out = da*x + a*dx + dy_in */
  double a = 1.7, da = -0.6;
  memcpy(T, Y, sizeof T);
  memcpy(Z, DY, sizeof Z);
  __enzyme_fwddiff_void((void *)axpy, a, da, X, DX, T, Z, N);
  double cs = 0.0, ref_cs = 0.0;
  for (int i = 0; i < N; i++) {
    double ref = da * X[i] + a * DX[i] + DY[i];
    cs += (i % 13 + 1) * Z[i];
    ref_cs += (i % 13 + 1) * ref;
  }
  for (int k = 0; k < 8; k++) {
    int i = SAMPLE[k];
    checki("axpy_dy", i, Z[i], da * X[i] + a * DX[i] + DY[i], 1e-12);
    checki("axpy_y", i, T[i], a * X[i] + Y[i], 1e-14);
  }
  check("axpy_checksum", cs, ref_cs, 1e-10);

  /* vmul: dz = dx*y + x*dy + 2 dx */
  memset(DZ, 0, sizeof DZ);
  __enzyme_fwddiff_void((void *)vmul, X, DX, Y, DY, Z, DZ, N);
  cs = ref_cs = 0.0;
  for (int i = 0; i < N; i++) {
    double ref = DX[i] * Y[i] + X[i] * DY[i] + 2.0 * DX[i];
    cs += (i % 11 + 1) * DZ[i];
    ref_cs += (i % 11 + 1) * ref;
  }
  for (int k = 0; k < 8; k++) {
    int i = SAMPLE[k];
    checki("vmul_dz", i, DZ[i], DX[i] * Y[i] + X[i] * DY[i] + 2.0 * DX[i], 1e-12);
  }
  check("vmul_checksum", cs, ref_cs, 1e-10);

  /* dot: tangent = dx.y + x.dy */
  double dd = __enzyme_fwddiff((void *)dot, X, DX, Y, DY, N);
  double ref = 0.0;
  for (int i = 0; i < N; i++)
    ref += DX[i] * Y[i] + X[i] * DY[i];
  check("dot_exact", dd, ref, 1e-10);
  static double P[2 * N], V[2 * N];
  memcpy(P, X, sizeof X);
  memcpy(P + N, Y, sizeof Y);
  memcpy(V, DX, sizeof DX);
  memcpy(V + N, DY, sizeof DY);
  check("dot_fd", dd, fd_dir(eval_dot, P, V, 2 * N), TOL_D);
  return 0;
}
