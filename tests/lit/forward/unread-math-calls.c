// The primal's math-library calls whose value a forward derivative does not read are not
// made (issue 24, bench/kernels/gmm.c's log-sum-exp; ad/modes/forward_reuse.py): the
// tangent of log(s) is ṡ/s, so fwddiffef has no call of log. The calls whose values the
// tangents read stay (exp' = exp, sin' = cos; g's log, a factor of a product), and so does
// frexp, which writes through its pointer. Every tangent equals the conservative mode's
// (--no-reuse keeps every call), printed in hex and compared whole, and the analytic
// derivative's to rounding; at -O0, -O2 and -O1 -g (the debug records of what is deleted
// move to the next instruction kept, and name poison for a deleted value).
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
// RUN: clang -O1 -g -S -emit-llvm %s -o %tg.ll
// RUN: enzyme-opt %tg.ll -S -o %tg.out.ll
// RUN: lli %tg.out.ll | FileCheck %s
// RUN: FileCheck --check-prefix=IR %s < %tg.out.ll
#include <math.h>
#include <stdio.h>
double __enzyme_fwddiff(void *, ...);

#define N 4

// log(Σ exp(v_i)) + sin(a), and a frexp whose results the tangent does not read.
__attribute__((noinline)) double f(const double *v, double a) {
  double s = 0;
  for (int i = 0; i < N; i++) s += exp(v[i]);
  int e;
  double mantissa = frexp(a, &e);
  return log(s) + sin(a) + 0 * mantissa;
}

// log(x)·x + exp(x): the product's tangent reads both factors, so log stays.
__attribute__((noinline)) double g(double x) { return log(x) * x + exp(x); }

static void show(const char *what, double ad, double exact) {
  printf("%s %a %s\n", what, ad, fabs(ad - exact) <= 1e-12 * fabs(exact) ? "ok" : "WRONG");
}

int main(void) {
  double v[N] = {0.1, -0.3, 0.7, 0.2}, dv[N] = {1, 0.5, -2, 0.25};
  double s = 0, ds = 0;
  for (int i = 0; i < N; i++) { s += exp(v[i]); ds += exp(v[i]) * dv[i]; }
  double a = 0.6, da = -1.5;
  // CHECK: f {{.*}} ok
  show("f", __enzyme_fwddiff((void *)f, v, dv, a, da), ds / s + cos(a) * da);
  // CHECK: g {{.*}} ok
  show("g", __enzyme_fwddiff((void *)g, 1.7, 1.0), log(1.7) + 1.0 + exp(1.7));
  return 0;
}
// IR-LABEL: define internal double @fwddiffef(
// IR-NOT: call {{.*}}@log(
// IR: call {{.*}}@frexp(
// IR-NOT: call {{.*}}@log(
// IR-LABEL: define internal double @fwddiffeg(
// IR: call {{.*}}@log(
// NR-LABEL: define internal double @fwddiffef(
// NR: call {{.*}}@log(
