// Regression: the derivative of pow(a, b) at a = 0 was NaN.  The partial in
// the exponent, a^b·ln a, is 0·(-inf) = NaN there, although 0^b is constant
// (0 for b > 0); forward mode multiplied it by b's tangent even when that is
// 0, so d/da pow(a, 1) at a = 0 came out NaN instead of 1 (Enzyme's
// ForwardMode/pow_zero).  Self-checking: exit 0 when right.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: lli %t0.out.ll
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll
// RUN: clang -O2 -ffast-math -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o %t3.out.ll
// RUN: lli %t3.out.ll
#include <math.h>
#include <stdio.h>
float __enzyme_fwddiff(void *, ...);
typedef struct { double da, db; } grad2;
grad2 __enzyme_autodiff(void *, ...);

float powf2(float a, float b) { return __builtin_powf(a, b); }
double pow2(double a, double b) { return pow(a, b); }

static int bad = 0;
static void expect(const char *what, double got, double want) {
  if (!(fabs(got - want) <= 1e-6)) { printf("WRONG %s: %g, expected %g\n", what, got, want); bad = 1; }
}

int main(void) {
  expect("fwd d/da pow(0, 1)", __enzyme_fwddiff((void *)powf2, 0.0f, 1.0f, 1.0f, 0.0f), 1.0);
  expect("fwd d/db pow(0, 1)", __enzyme_fwddiff((void *)powf2, 0.0f, 0.0f, 1.0f, 1.0f), 0.0);
  grad2 g = __enzyme_autodiff((void *)pow2, 0.0, 2.0);
  expect("rev d/da pow(0, 2)", g.da, 0.0);
  expect("rev d/db pow(0, 2)", g.db, 0.0);
  g = __enzyme_autodiff((void *)pow2, 2.0, 3.0);                /* away from 0: unchanged */
  expect("rev d/da pow(2, 3)", g.da, 12.0);
  expect("rev d/db pow(2, 3)", g.db, 8.0 * log(2.0));
  return bad;
}
