/* reverse/float_array.c - reverse mode of float code over arrays: float
 * pointer args with float shadows (no float scalars through "..."), a float
 * return, and a void float function with a seeded float output shadow. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern void __enzyme_autodiff_void(void *, ...);

float fsum(const float *x, const float *w, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += w[i] * expf(-x[i] * x[i]) + x[i] * w[i];
  return s * s * 0.1f;
}

#include "kernels/fmap.h"

#define N 6
static float eval(const float *p) { return fsum(p, p + N, N); }
static int KOUT;
static float eval_map(const float *p) {
  float y[N];
  fmap(p, y, N);
  return y[KOUT];
}

int main(void) {
  float p[2 * N], dp[2 * N];
  for (int i = 0; i < 2 * N; i++)
    p[i] = 0.3f * (float)i - 1.2f;
  memset(dp, 0, sizeof dp);
  __enzyme_autodiff_void((void *)fsum, p, dp, p + N, dp + N, N);
  for (int i = 0; i < 2 * N; i++)
    checki("dfsum", i, dp[i], fdf(eval, p, 2 * N, i), TOL_F);

  float y[N], dy[N], dx[N];
  for (KOUT = 0; KOUT < N; KOUT += 2) {
    memset(dx, 0, sizeof dx);
    memset(dy, 0, sizeof dy);
    dy[KOUT] = 1.0f;
    __enzyme_autodiff_void((void *)fmap, p, dx, y, dy, N);
    for (int j = 0; j < N; j++)
      checkij("dmap", KOUT, j, dx[j], fdf(eval_map, p, N, j), TOL_F);
  }
  return 0;
}
