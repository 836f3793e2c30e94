// A derivative that computes the sine and the cosine of one value in one block makes one
// call of glibc's sincos (issue 24, bench/kernels/libm.c and ba.c; ad/sine_cosine.py):
// the tangent of sin(x) keeps the primal's sin(x) and needs cos(x), a gradient of a
// rotation keeps the primal's cos(θ) and sin(θ), and float code calls sincosf. Every
// derivative is printed in hex and equals the conservative mode's bit for bit
// (--no-reuse makes the two calls), errno included (EDOM for an infinite argument, as
// sin sets it), and the analytic derivative's to rounding, at -O0, -O2 and -O3 -O2.
// Only on glibc: the same module for another C library keeps both calls.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: enzyme-opt %t0.ll --no-reuse -S -o %t0.nr.ll
// RUN: lli %t0.out.ll > %t0.txt
// RUN: lli %t0.nr.ll | diff %t0.txt -
// RUN: FileCheck %s < %t0.txt
// RUN: FileCheck --check-prefixes=IRF,DECL %s < %t0.out.ll
// RUN: FileCheck --check-prefix=IRG %s < %t0.out.ll
// RUN: FileCheck --check-prefix=IRR %s < %t0.out.ll
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: enzyme-opt %t2.ll --no-reuse -S -o %t2.nr.ll
// RUN: lli %t2.out.ll > %t2.txt
// RUN: lli %t2.nr.ll | diff %t2.txt -
// RUN: FileCheck %s < %t2.txt
// RUN: FileCheck --check-prefixes=IRF,DECL %s < %t2.out.ll
// RUN: FileCheck --check-prefix=IRG %s < %t2.out.ll
// RUN: FileCheck --check-prefix=IRR %s < %t2.out.ll
// RUN: FileCheck --check-prefix=NR %s < %t2.nr.ll
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -O2 -S -o - | lli | FileCheck %s
// RUN: sed 's/^target triple = .*/target triple = "x86_64-apple-macosx14.0.0"/' %t2.ll > %tm.ll
// RUN: enzyme-opt %tm.ll -S -o - | FileCheck --check-prefix=NR %s
#include <errno.h>
#include <math.h>
#include <stdio.h>
double __enzyme_fwddiff(void *, ...);
float __enzyme_fwddifff(void *, ...);
void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) double f(double x) { return sin(x) * exp(0.25 * x); }

__attribute__((noinline)) float g(float x) { return sinf(x) * x; }

// A rotation of (a, b) by θ, summed: the gradient's forward sweep makes cos(θ) and sin(θ).
__attribute__((noinline)) double rot(const double *p) {
  double theta = p[0], a = p[1], b = p[2];
  double c = cos(theta), s = sin(theta);
  return (c * a - s * b) * (s * a + c * b);
}

static void show(const char *what, double ad, double exact) {
  printf("%s %a %s\n", what, ad, fabs(ad - exact) <= 1e-12 * fabs(exact) ? "ok" : "WRONG");
}

int main(void) {
  for (double x = -7.5; x < 8; x += 2.5) {
    double e = exp(0.25 * x);
    // CHECK-COUNT-7: f' {{.*}} ok
    show("f'", __enzyme_fwddiff((void *)f, x, 1.0), cos(x) * e + 0.25 * sin(x) * e);
  }
  float gx = 0.7f;
  float dg = __enzyme_fwddifff((void *)g, gx, 1.0f);
  // CHECK: g' {{.*}} ok
  printf("g' %a %s\n", dg, fabsf(dg - (cosf(gx) * gx + sinf(gx))) <= 1e-6f ? "ok" : "WRONG");
  double th = 0.9, a = 1.3, b = -0.4, v[3] = {th, a, b}, dv[3] = {0, 0, 0};
  __enzyme_autodiff((void *)rot, v, dv);
  double c = cos(th), s = sin(th), p = c * a - s * b, q = s * a + c * b;
  // CHECK: rot dtheta {{.*}} ok
  show("rot dtheta", dv[0], (-s * a - c * b) * q + p * (c * a - s * b));
  // CHECK: rot da {{.*}} ok
  show("rot da", dv[1], c * q + p * s);
  errno = 0;
  double inf = __enzyme_fwddiff((void *)f, INFINITY, 1.0);
  // CHECK: errno EDOM, tangent nan
  printf("errno %s, tangent %s\n", errno == EDOM ? "EDOM" : "unset", isnan(inf) ? "nan" : "number");
  return 0;
}
// IRF-LABEL: define internal double @fwddiffef(
// IRF: call void @sincos(double
// IRF-NOT: call {{.*}} @sin(
// IRF-NOT: call {{.*}} @llvm.cos
// IRF: ret double
// IRG-LABEL: define internal float @fwddiffeg(
// IRG: call void @sincosf(float
// IRG: ret float
// IRR-LABEL: define internal {{.*}} @augmented_rot(
// IRR: call void @sincos(double
// IRR-NOT: call {{.*}} @sin(
// IRR: ret
// DECL-NOT: declare {{.*}}@llvm.cos.f64
// DECL: declare void @sincos(double, ptr, ptr) #[[ATTRS:[0-9]+]]
// DECL-NOT: declare {{.*}}@llvm.cos.f64
// DECL: attributes #[[ATTRS]] = { {{.*}}memory(argmem: write, errnomem: write)
// NR-NOT: sincos
