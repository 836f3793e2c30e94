/* reverse/axpy.c - reverse mode of the vectorizable in-place update
 * y[i] = a*x[i] + y[i] (n = 1000) with an active scalar a (derivative
 * returned), x duplicated and y an in-out array whose shadow is seeded with
 * the adjoint of the final y: dx = a*w, dy_in = w, da = x.w. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_autodiff(void *, ...);

#include "kernels/axpy.h"

#define N 1000
static double X[N], Y[N], Y0[N], DX[N], DY[N], W[N];
static const int SAMPLE[8] = {0, 1, 2, 3, N / 2, N - 3, N - 2, N - 1};

int main(void) {
  for (int i = 0; i < N; i++) {
    X[i] = sin(0.1 * i);
    Y0[i] = 0.1 * cos(0.37 * i);
    W[i] = 0.5 - (i % 7) * 0.1;
  }
  double a = 1.7;
  memcpy(Y, Y0, sizeof Y);
  memset(DX, 0, sizeof DX);
  memcpy(DY, W, sizeof DY);
  double da = __enzyme_autodiff((void *)axpy, a, X, DX, Y, DY, N);
  double ref = 0.0, cs = 0.0, rcs = 0.0;
  for (int i = 0; i < N; i++) {
    ref += X[i] * W[i];
    cs += (i % 13 + 1) * DX[i] + (i % 4 + 1) * DY[i];
    rcs += (i % 13 + 1) * a * W[i] + (i % 4 + 1) * W[i];
  }
  check("da", da, ref, 1e-10);
  check("checksum", cs, rcs, 1e-10);
  for (int k = 0; k < 8; k++) {
    int i = SAMPLE[k];
    checki("dx", i, DX[i], a * W[i], 1e-14);
    checki("dy_in", i, DY[i], W[i], 1e-14);
    checki("y_primal", i, Y[i], a * X[i] + Y0[i], 1e-14);
  }
  return 0;
}
