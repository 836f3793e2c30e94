/* forward/float_loop.c - forward mode of float code over arrays: a float
 * loop with expf and a float output array, pointer shadows of float, and an
 * int trip count (floats never pass through "..." here). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern float __enzyme_fwddiff_f(void *, ...);
extern void __enzyme_fwddiff_void(void *, ...);

float fl(const float *x, const float *w, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += w[i] * expf(-x[i] * x[i]) + x[i] * w[i];
  return s * s * 0.1f;
}

#include "kernels/fmap.h"

#define N 6
static float eval(const float *p) { return fl(p, p + N, N); }
static int KOUT;
static float eval_map(const float *p) {
  float y[N];
  fmap(p, y, N);
  return y[KOUT];
}

int main(void) {
  float p[2 * N], dx[N], dw[N];
  for (int i = 0; i < 2 * N; i++)
    p[i] = 0.3f * (float)i - 1.2f;
  for (int i = 0; i < 2 * N; i += 2) {
    memset(dx, 0, sizeof dx);
    memset(dw, 0, sizeof dw);
    if (i < N)
      dx[i] = 1.0f;
    else
      dw[i - N] = 1.0f;
    float d = __enzyme_fwddiff_f((void *)fl, p, dx, p + N, dw, N);
    checki("dfl", i, d, fdf(eval, p, 2 * N, i), TOL_F);
  }
  float y[N], dy[N];
  for (int j = 0; j < N; j += 2) {
    memset(dx, 0, sizeof dx);
    memset(dy, 0, sizeof dy);
    dx[j] = 1.0f;
    __enzyme_fwddiff_void((void *)fmap, p, dx, y, dy, N);
    for (KOUT = 0; KOUT < N; KOUT++)
      checkij("dmap", KOUT, j, dy[KOUT], fdf(eval_map, p, N, j), TOL_F);
  }
  return 0;
}
