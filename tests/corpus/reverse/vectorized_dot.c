/* reverse/vectorized_dot.c - reverse mode of n = 1000 loops that clang
 * -O2/-O3 turns into vector code: an elementwise product into an output
 * array (seeded output shadow) and a dot product (gradient = other vector),
 * checked on sampled indices and weighted checksums against the analytic
 * gradients, plus FD on a few entries. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/dot.h"
#include "kernels/vmul.h"

#define N 1000
static double X[N], Y[N], DX[N], DY[N], Z[N], DZ[N], W[N];
static const int SAMPLE[8] = {0, 1, 2, 3, N / 2, N - 3, N - 2, N - 1};
static double P[2 * N];
static double eval_dot(const double *p) { return dot(p, p + N, N); }

int main(void) {
  for (int i = 0; i < N; i++) {
    X[i] = sin(0.1 * i);
    Y[i] = 0.1 * cos(0.37 * i);
    W[i] = 0.5 - (i % 7) * 0.1;
  }
  memset(DX, 0, sizeof DX);
  memset(DY, 0, sizeof DY);
  __enzyme_autodiff_void((void *)dot, X, DX, Y, DY, N);
  double cs = 0.0, ref = 0.0;
  for (int i = 0; i < N; i++) {
    cs += (i % 13 + 1) * DX[i] + (i % 5 + 1) * DY[i];
    ref += (i % 13 + 1) * Y[i] + (i % 5 + 1) * X[i];
  }
  for (int k = 0; k < 8; k++) {
    int i = SAMPLE[k];
    checki("ddot_dx", i, DX[i], Y[i], 1e-14);
    checki("ddot_dy", i, DY[i], X[i], 1e-14);
  }
  check("ddot_checksum", cs, ref, 1e-10);
  memcpy(P, X, sizeof X);
  memcpy(P + N, Y, sizeof Y);
  checki("ddot_fd", 7, DX[7], fd(eval_dot, P, 2 * N, 7), TOL_D);
  checki("ddot_fd", N + 998, DY[998], fd(eval_dot, P, 2 * N, N + 998), TOL_D);

  /* vmul with output adjoint W: dx = W*(y+2), dy = W*x */
  memset(DX, 0, sizeof DX);
  memset(DY, 0, sizeof DY);
  memcpy(DZ, W, sizeof DZ);
  __enzyme_autodiff_void((void *)vmul, X, DX, Y, DY, Z, DZ, N);
  cs = ref = 0.0;
  for (int i = 0; i < N; i++) {
    cs += (i % 11 + 1) * DX[i] + (i % 3 + 1) * DY[i];
    ref += (i % 11 + 1) * W[i] * (Y[i] + 2.0) + (i % 3 + 1) * W[i] * X[i];
  }
  for (int k = 0; k < 8; k++) {
    int i = SAMPLE[k];
    checki("dvmul_dx", i, DX[i], W[i] * (Y[i] + 2.0), 1e-14);
    checki("dvmul_dy", i, DY[i], W[i] * X[i], 1e-14);
  }
  check("dvmul_checksum", cs, ref, 1e-10);
  return 0;
}
