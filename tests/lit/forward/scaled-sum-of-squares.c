// A constant that scales a sum of squares takes the factor 2 of their tangents (issue 24,
// bench/kernels/gmm.c: -0.5·Σ z², ad/modes/forward_doubles.py): the tangent of -0.5·Σ z_j²
// is -1·Σ z_j·ż_j, not -0.5·Σ (z_j·ż_j + z_j·ż_j). Exact: every tangent here is the
// conservative mode's (--no-reuse, which keeps the rules' form) to the bit, printed in hex
// and compared whole, and the analytic derivative's to rounding; at -O0 (no sum of squares
// in one block: nothing to rewrite), -O2 (the loop unrolled) and -O3 with enzyme-opt -O2
// (the loop vectorized before differentiating: the web is <2 x double>). The sum that is
// also used unscaled (g) keeps the rules' form.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: enzyme-opt %t0.ll --no-reuse -S -o %t0.nr.ll
// RUN: lli %t0.out.ll > %t0.txt
// RUN: lli %t0.nr.ll | diff %t0.txt -
// RUN: FileCheck %s < %t0.txt
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: enzyme-opt %t2.ll --no-reuse -S -o %t2.nr.ll
// RUN: lli %t2.out.ll > %t2.txt
// RUN: lli %t2.nr.ll | diff %t2.txt -
// RUN: FileCheck %s < %t2.txt
// RUN: FileCheck --check-prefix=IR %s < %t2.out.ll
// RUN: FileCheck --check-prefix=NR %s < %t2.nr.ll
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -O2 -S -o %t3.out.ll
// RUN: enzyme-opt %t3.ll -O2 --no-reuse -S -o %t3.nr.ll
// RUN: lli %t3.out.ll > %t3.txt
// RUN: lli %t3.nr.ll | diff %t3.txt -
// RUN: FileCheck %s < %t3.txt
#include <math.h>
#include <stdio.h>
extern int enzyme_const;
double __enzyme_fwddiff(void *, ...);

#define N 8

__attribute__((noinline)) double f(const double *q, const double *m, const double *x) {
  double sq = 0;
  for (int j = 0; j < N; j++) {
    double z = q[j] * (x[j] - m[j]);
    sq += z * z;
  }
  return -0.5 * sq + 3.0 * (q[0] * q[0] - m[1] * m[1]);
}

// The sum is used twice: scaled, and squared.
__attribute__((noinline)) double g(const double *q, const double *m, const double *x) {
  double sq = 0;
  for (int j = 0; j < N; j++) {
    double z = q[j] * (x[j] - m[j]);
    sq += z * z;
  }
  return -0.5 * sq + sq * sq;
}

static double df(const double *q, const double *m, const double *x, const double *dq,
                 const double *dm, int squared) {
  double sq = 0, dsq = 0;
  for (int j = 0; j < N; j++) {
    double z = q[j] * (x[j] - m[j]), dz = dq[j] * (x[j] - m[j]) - q[j] * dm[j];
    sq += z * z;
    dsq += 2 * z * dz;
  }
  if (squared)
    return -0.5 * dsq + 2 * sq * dsq;
  return -0.5 * dsq + 6.0 * (q[0] * dq[0] - m[1] * dm[1]);
}

static int close(double got, double want) { return fabs(got - want) <= 1e-13 * (1 + fabs(want)); }

int main(void) {
  double q[N], m[N], x[N], dq[N], dm[N];
  int ok = 1;
  for (int k = 0; k < 3; k++) {
    for (int j = 0; j < N; j++) {
      q[j] = 0.3 + 0.1 * j + k;
      m[j] = -0.2 * j * k;
      x[j] = 1.0 - 0.3 * j;
      dq[j] = 0.5 - 0.1 * j;
      dm[j] = 0.05 * j - 0.2 * k;
    }
    double tf = __enzyme_fwddiff((void *)f, q, dq, m, dm, enzyme_const, x);
    double tg = __enzyme_fwddiff((void *)g, q, dq, m, dm, enzyme_const, x);
    printf("%a %a\n", tf, tg);
    ok &= close(tf, df(q, m, x, dq, dm, 0)) && close(tg, df(q, m, x, dq, dm, 1));
  }
  printf("tangents %s\n", ok ? "ok" : "WRONG");
  return 0;
}
// CHECK: tangents ok

// The -0.5 of f's tangent became -1 and its sum has no doublings; g's stays -0.5.
// IR-LABEL: define {{.*}} @fwddiffef(
// IR: fmul double -1.000000e+00,
// IR-NOT: fmul double -5.000000e-01,
// IR: ret
// IR-LABEL: define {{.*}} @fwddiffeg(
// IR: fmul double -5.000000e-01,
// IR: ret
// NR-LABEL: define {{.*}} @fwddiffef(
// NR: fmul double -5.000000e-01,
// NR: ret
