// -enzyme-vectorize-at-leaf-nodes with more kinds of memory, each checked lane by lane
// against central finite differences at -O0..-O3: float arrays at width 8, a local array
// indexed at run time (an alloca whose shadow is 8 times its size), calloc'd scratch memory,
// a callee returning a pointer into its argument (its tangent: the shadow pointer, offset
// W times as far), and a struct of doubles handed to a callee. Prints "ok" when every
// tangent agrees.
// RUN: clang -O0 -Wno-psabi -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -enzyme-vectorize-at-leaf-nodes -S -o %t0.leaf.ll
// RUN: lli %t0.leaf.ll | FileCheck %s
// RUN: clang -O1 -Wno-psabi -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -enzyme-vectorize-at-leaf-nodes -S -o %t1.leaf.ll
// RUN: lli %t1.leaf.ll | FileCheck %s
// RUN: clang -O2 -Wno-psabi -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -enzyme-vectorize-at-leaf-nodes -S -o %t2.leaf.ll
// RUN: lli %t2.leaf.ll | FileCheck %s
// RUN: clang -O3 -Wno-psabi -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -enzyme-vectorize-at-leaf-nodes -O2 -S -o %t3.leaf.ll
// RUN: lli %t3.leaf.ll | FileCheck %s

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define W 8
#define N 5

extern int enzyme_width, enzyme_dup, enzyme_dupnoneed, enzyme_const;

// floats, a local array indexed at run time, calloc'd memory
void smooth(const float *x, float *y, int n, int shift) {
  float window[16];
  for (int i = 0; i < 16; i++)
    window[i] = 0;
  for (int i = 0; i < n; i++)
    window[(i + shift) & 15] = x[i] * x[i];
  float *acc = (float *)calloc(n, sizeof(float));
  for (int i = 0; i < n; i++)
    acc[i] = window[(i + shift) & 15] + 0.5f * x[(i + 1) % n];
  for (int i = 0; i < n; i++)
    y[i] = acc[i] * x[i];
  free(acc);
}

struct pair { double lo, hi; };

__attribute__((noinline)) double *middle(double *a, int n) { return a + n / 2; }
__attribute__((noinline)) double spread(const struct pair *p) { return p->hi * p->hi - p->lo; }

double through_calls(double *a, const struct pair *p, int n) {
  double *m = middle(a, n);
  m[0] = m[0] * spread(p);
  return m[0] + a[0] * m[1];
}

extern void __enzyme_fwddiff(void (*)(const float *, float *, int, int), int, int, int,
                             const float *, float *, int, float *, float *, int, int, int,
                             int);
typedef double v8 __attribute__((ext_vector_type(8)));  // (returned in memory: -Wpsabi)
extern v8 __enzyme_fwddiff_calls(double (*)(double *, const struct pair *, int), int, int,
                                 int, double *, double *, int, const struct pair *, double *,
                                 int, int) __asm__("__enzyme_fwddiff_calls");

static int bad;
static void check(const char *what, int lane, double got, double want, double tolerance) {
  if (fabs(got - want) > tolerance * (1 + fabs(want))) {
    printf("%s lane %d: %.9f, finite differences %.9f\n", what, lane, got, want);
    bad++;
  }
}

int main(void) {
  float x[N] = {0.5f, 1.25f, -0.75f, 2.0f, 1.5f}, y[N], dx[N * W] = {0}, dy[N * W];
  for (int l = 0; l < W; l++)  // lane l moves x[l % N] by 1 and x[(l + 2) % N] by l / 4
    dx[(l % N) * W + l] += 1.0f, dx[((l + 2) % N) * W + l] += l / 4.0f;
  __enzyme_fwddiff(smooth, enzyme_width, W, enzyme_dup, x, dx, enzyme_dupnoneed, y, dy,
                   enzyme_const, N, enzyme_const, 3);
  for (int l = 0; l < W; l++) {
    float plus[N], minus[N], yp[N], ym[N];
    const float h = 1e-3f;
    for (int i = 0; i < N; i++)
      plus[i] = x[i] + h * dx[i * W + l], minus[i] = x[i] - h * dx[i * W + l];
    smooth(plus, yp, N, 3);
    smooth(minus, ym, N, 3);
    for (int i = 0; i < N; i++)
      check("smooth", l, dy[i * W + l], (yp[i] - ym[i]) / (2 * h), 2e-3);
  }

  double a[N] = {1.0, 2.0, 3.0, 4.0, 5.0}, da[N * W] = {0};
  struct pair p = {0.25, 1.5}, dp[2 * W];  // dp: lo's 8 lanes, then hi's
  for (int l = 0; l < W; l++) {
    da[(l % N) * W + l] = 1.0;
    ((double *)dp)[0 * W + l] = (l == 5);
    ((double *)dp)[1 * W + l] = (l == 6) + 0.5 * (l == 7);
  }
  double saved[N], seeds[N * W];  // the call overwrites a[N/2] and its shadow
  for (int i = 0; i < N; i++)
    saved[i] = a[i];
  for (int k = 0; k < N * W; k++)
    seeds[k] = da[k];
  v8 r = __enzyme_fwddiff_calls(through_calls, enzyme_width, W, enzyme_dup, a, da, enzyme_dup,
                                &p, (double *)dp, enzyme_const, N);
  for (int l = 0; l < W; l++) {
    const double h = 1e-6;
    double ap[N], am[N];
    struct pair pp = p, pm = p;
    pp.lo += h * ((double *)dp)[l], pm.lo -= h * ((double *)dp)[l];
    pp.hi += h * ((double *)dp)[W + l], pm.hi -= h * ((double *)dp)[W + l];
    for (int i = 0; i < N; i++)
      ap[i] = saved[i] + h * seeds[i * W + l], am[i] = saved[i] - h * seeds[i * W + l];
    double fp = through_calls(ap, &pp, N), fm = through_calls(am, &pm, N);
    check("through_calls", l, r[l], (fp - fm) / (2 * h), 1e-6);
    // the tangent written into a[N/2]'s shadow
    check("through_calls a[2]", l, da[(N / 2) * W + l], (ap[N / 2] - am[N / 2]) / (2 * h), 1e-6);
  }
  printf(bad ? "MISMATCH\n" : "ok\n");
  return 0;
}

// CHECK: ok
