// The decomposition family of libm, in reverse and forward mode at -O0..-O3: frexp's
// mantissa m = x·2⁻ᵉ has derivative 2⁻ᵉ (m/x; the exponent, an integer, none), modf's
// fraction x - trunc(x) has derivative 1 and its integral part 0 (clang makes modf the
// pair intrinsic llvm.modf), ldexp and scalbn scale by 2ⁿ, logb (a float exponent) is
// piecewise constant and ilogb an integer. Each derivative is compared with its analytic
// value, and modf's values with libm's to the bit (a zero fraction keeps x's sign).
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// CHECK: frexp ok
// CHECK: modf ok
// CHECK: scale ok
// CHECK: forward ok
#include <math.h>
#include <stdio.h>
#include <string.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
float __enzyme_autodiff_float(void *, ...);

__attribute__((noinline)) double mantissa(double x) { int e; return frexp(x, &e) * 3.0; }
__attribute__((noinline)) float mantissaf(float x) { int e; return frexpf(x, &e); }
__attribute__((noinline)) double fraction(double x) {
  double whole;
  double f = modf(x, &whole);
  return f * f + 5.0 * whole;
}
__attribute__((noinline)) double scale(double x) {
  return ldexp(x * x, 3) + scalbn(x, -2) + logb(x) * x + ilogb(x);
}

static int same(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

int main(void) {
  double xs[] = {0.9, 1.0, 1.2, 2.0, 2.3, 33.0, 0.26, -0.9, -1.0, -2.3, -33.0, 1e-310};
  int ok = 1;
  for (int i = 0; i < 12; i++) {
    int e;
    double m = frexp(xs[i], &e);
    ok &= __enzyme_autodiff((void *)mantissa, xs[i]) == 3.0 * m / xs[i];
    ok &= __enzyme_autodiff_float((void *)mantissaf, (float)xs[i]) ==
          ((float)xs[i] == 0 ? 0 : (float)(frexpf((float)xs[i], &e) / (float)xs[i]));
  }
  printf("frexp %s\n", ok ? "ok" : "WRONG");
  double ys[] = {2.75, -2.75, 3.0, -3.0, 0.0, -0.0, 0.5, -1e-300, INFINITY, -INFINITY};
  ok = 1;
  for (int i = 0; i < 10; i++) {
    double whole, f = modf(ys[i], &whole);
    if (isfinite(ys[i]) && f != 0)
      ok &= __enzyme_autodiff((void *)fraction, ys[i]) == 2 * f;
    double ours = fraction(ys[i]), theirs = f * f + 5.0 * whole;
    ok &= same(ours, theirs) || (isnan(ours) && isnan(theirs));
  }
  printf("modf %s\n", ok ? "ok" : "WRONG");
  ok = 1;
  for (int i = 0; i < 7; i++)
    ok &= __enzyme_autodiff((void *)scale, xs[i]) == 16 * xs[i] + 0.25 + logb(xs[i]);
  printf("scale %s\n", ok ? "ok" : "WRONG");
  int e;
  ok = __enzyme_fwddiff((void *)mantissa, 2.3, 1.0) == 3.0 * frexp(2.3, &e) / 2.3 &&
       __enzyme_fwddiff((void *)fraction, -2.75, 1.0) == 2 * -0.75 &&
       __enzyme_fwddiff((void *)scale, 2.3, 1.0) == 16 * 2.3 + 0.25 + 1;
  printf("forward %s\n", ok ? "ok" : "WRONG");
  return 0;
}
