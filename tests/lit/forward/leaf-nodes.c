// -enzyme-vectorize-at-leaf-nodes: at enzyme_width W each duplicated pointer takes ONE
// shadow whose memory holds, for each double of the primal's, its W tangents side by side
// (dx[i*W + l] is lane l of x[i]); a duplicated double takes one <W x double> and the
// result's tangents come back as one. Each function here runs three ways: with the
// option (this file's layout), as an ordinary width-W call (W shadow pointers), and by
// central finite differences; the program prints "ok" only when all three agree, lane by
// lane. Vectorized loads and stores (<2 x double> at -O2/-O3), byte GEPs, struct fields,
// malloc + memcpy + memset + free of shadow memory, and calls between functions are all
// exercised.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -enzyme-vectorize-at-leaf-nodes -S -o %t0.leaf.ll
// RUN: clang -O0 -S -emit-llvm -DORDINARY %s -o %t0.ord.ll
// RUN: enzyme-opt %t0.ord.ll -S -o %t0.ord.out.ll
// RUN: lli %t0.leaf.ll > %t0.leaf.txt
// RUN: lli %t0.ord.out.ll > %t0.ord.txt
// RUN: FileCheck %s < %t0.leaf.txt
// RUN: diff %t0.leaf.txt %t0.ord.txt
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -enzyme-vectorize-at-leaf-nodes -S -o %t1.leaf.ll
// RUN: lli %t1.leaf.ll | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -enzyme-vectorize-at-leaf-nodes -S -o %t2.leaf.ll
// RUN: lli %t2.leaf.ll | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -enzyme-vectorize-at-leaf-nodes -O3 -S -o %t3.leaf.ll
// RUN: lli %t3.leaf.ll | FileCheck %s
// The ordinary (W shadows) build at -O3 must print the same numbers:
// RUN: clang -O3 -S -emit-llvm -DORDINARY %s -o %t3.ord.ll
// RUN: enzyme-opt %t3.ord.ll -S -o %t3.ord.out.ll
// RUN: lli %t3.ord.out.ll | FileCheck %s

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 4
#define N 7

extern int enzyme_width, enzyme_dup, enzyme_dupnoneed, enzyme_const;
typedef double v2 __attribute__((ext_vector_type(2)));

// y[i] = x[i]^2 + 3 x[i]: vectorized to <2 x double> loads and stores at -O2
__attribute__((noinline)) void poly(const double *x, double *y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] * x[i] + 3.0 * x[i];
}

struct point { double a, b; };

// struct fields, a copy through malloc'd memory, memset, and a call of poly
void mix(const struct point *p, double *out, int n) {
  double *tmp = (double *)malloc(n * sizeof(double));
  memset(tmp, 0, n * sizeof(double));
  for (int i = 0; i < n; i++)
    tmp[i] = p[i].a * p[i].b + sin(p[i].a);
  double *copy = (double *)malloc(n * sizeof(double));
  memcpy(copy, tmp, n * sizeof(double));
  poly(copy, out, n);
  free(tmp);
  free(copy);
}

// an active double argument and result: its shadow is one <2 x double>
double scaled_sum(double s, const double *x, int n) {
  double total = 0;
  for (int i = 0; i < n; i++)
    total += s * x[i] * x[i];
  return total;
}

#ifndef ORDINARY
extern void __enzyme_fwddiff(void (*)(const struct point *, double *, int), int, int, int,
                             const struct point *, double *, int, double *, double *, int, int);
extern v2 __enzyme_fwddiff_scalar(double (*)(double, const double *, int), int, int, int,
                                  double, v2, int, const double *, double *, int, int)
    __asm__("__enzyme_fwddiff_scalar");
#else
extern void __enzyme_fwddiff(void *, ...);
typedef struct { double d[2]; } d2;
extern d2 __enzyme_fwddiff_scalar(void *, ...) __asm__("__enzyme_fwddiff_scalar");
#endif

static int check(const char *what, double got, double want) {
  if (fabs(got - want) > 1e-6 * (1 + fabs(want))) {
    printf("%s: %.9f, finite differences %.9f\n", what, got, want);
    return 1;
  }
  return 0;
}

int main(void) {
  struct point p[N], dp[N * W];  // dp: each double of p as W lanes, side by side
  double out[N], dout[N * W], lanes_in[W][N * 2], lanes_out[W][N];
  int bad = 0;
  for (int i = 0; i < N; i++) {
    p[i].a = 0.3 + 0.1 * i;
    p[i].b = 1.1 - 0.05 * i;
  }
  // lane l moves p[l].a by 1 and every p[i].b by (l + 1) / 10
  double *seed = (double *)dp;
  memset(dp, 0, sizeof dp);
  for (int l = 0; l < W; l++) {
    seed[(2 * l) * W + l] = 1.0;
    for (int i = 0; i < N; i++)
      seed[(2 * i + 1) * W + l] = (l + 1) / 10.0;
  }
  for (int l = 0; l < W; l++)
    for (int k = 0; k < 2 * N; k++)
      lanes_in[l][k] = seed[k * W + l];
#ifndef ORDINARY
  __enzyme_fwddiff(mix, enzyme_width, W, enzyme_dup, p, (double *)dp, enzyme_dupnoneed, out,
                   dout, enzyme_const, N);
  for (int l = 0; l < W; l++)
    for (int i = 0; i < N; i++)
      lanes_out[l][i] = dout[i * W + l];
#else
  __enzyme_fwddiff((void *)mix, enzyme_width, W, enzyme_dup, p, lanes_in[0], lanes_in[1],
                   lanes_in[2], lanes_in[3], enzyme_dupnoneed, out, lanes_out[0], lanes_out[1],
                   lanes_out[2], lanes_out[3], enzyme_const, N);
#endif
  for (int l = 0; l < W; l++) {
    const double h = 1e-6;
    struct point plus[N], minus[N];
    double yp[N], ym[N];
    for (int i = 0; i < N; i++) {
      plus[i].a = p[i].a + h * lanes_in[l][2 * i];
      plus[i].b = p[i].b + h * lanes_in[l][2 * i + 1];
      minus[i].a = p[i].a - h * lanes_in[l][2 * i];
      minus[i].b = p[i].b - h * lanes_in[l][2 * i + 1];
    }
    mix(plus, yp, N);
    mix(minus, ym, N);
    for (int i = 0; i < N; i++) {
      bad += check("mix", lanes_out[l][i], (yp[i] - ym[i]) / (2 * h));
      printf("%.6f ", lanes_out[l][i]);
    }
    printf("\n");
  }

  double x[N], dx[N * 2] = {0};
  for (int i = 0; i < N; i++)
    x[i] = 0.5 + 0.25 * i;
  dx[3 * 2 + 1] = 1.0;  // lane 1 moves x[3]
#ifndef ORDINARY
  v2 ds = {1.0, 0.5};
  v2 r = __enzyme_fwddiff_scalar(scaled_sum, enzyme_width, 2, enzyme_dup, 1.5, ds, enzyme_dup,
                                 x, dx, enzyme_const, N);
  double got[2] = {r.x, r.y};
#else
  double dx0[N], dx1[N];
  for (int i = 0; i < N; i++) {
    dx0[i] = dx[2 * i];
    dx1[i] = dx[2 * i + 1];
  }
  d2 r = __enzyme_fwddiff_scalar((void *)scaled_sum, enzyme_width, 2, enzyme_dup, 1.5, 1.0,
                                 0.5, enzyme_dup, x, dx0, dx1, enzyme_const, N);
  double got[2] = {r.d[0], r.d[1]};
#endif
  double sumsq = 0;
  for (int i = 0; i < N; i++)
    sumsq += x[i] * x[i];
  bad += check("scaled_sum lane 0", got[0], sumsq);
  bad += check("scaled_sum lane 1", got[1], 0.5 * sumsq + 1.5 * 2 * x[3]);
  printf("%.6f %.6f\n", got[0], got[1]);
  printf(bad ? "MISMATCH\n" : "ok\n");
  return 0;
}

// CHECK: ok
