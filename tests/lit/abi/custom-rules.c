// Custom derivatives registered in C, as Enzyme's integration tests do: a
// Newton-iteration cube root (data-dependent loop) gets its derivative from
// the implicit function theorem, d cbrt(a) = da / (3 y^2), through
//   __enzyme_register_gradient_*   = {fn, augmented pass, gradient}
//   __enzyme_register_derivative_* = {fn, forward derivative}.
// The augmented pass keeps y on its own heap tape, which the gradient frees.
// The rules are reached from a callee inside a loop with a run-time count and
// directly; every rule call is counted: the primal never runs a second time.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
extern int enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

int primal_calls, augment_calls, gradient_calls, forward_calls;

__attribute__((noinline)) double newton_cbrt(double a) {
  primal_calls++;
  double y = a > 1 ? a : 1;
  while (fabs(y * y * y - a) > 1e-15 * a)
    y -= (y * y * y - a) / (3 * y * y);
  return y;
}

typedef struct { void *tape; double y; } augmented;
augmented newton_cbrt_augment(double a) {
  augment_calls++;
  double *y = malloc(sizeof *y);
  *y = newton_cbrt(a);
  augmented out = {y, *y};
  return out;
}
double newton_cbrt_gradient(double a, double dy, void *tape) {
  gradient_calls++;
  double y = *(double *)tape;
  free(tape);
  return dy / (3 * y * y);
}
void *__enzyme_register_gradient_cbrt[] = {(void *)newton_cbrt, (void *)newton_cbrt_augment,
                                           (void *)newton_cbrt_gradient};

typedef struct { double y, dy; } dual;
dual newton_cbrt_forward(double a, double da) {
  forward_calls++;
  double y = newton_cbrt(a);
  dual out = {y, da / (3 * y * y)};
  return out;
}
void *__enzyme_register_derivative_cbrt[] = {(void *)newton_cbrt, (void *)newton_cbrt_forward};

__attribute__((noinline)) double term(double a, int i) { return newton_cbrt(a + i) * a; }
double f(double a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += term(a, i);
  return s;
}

static void report(const char *what, double got, double want, int aug, int grad, int fwd) {
  int ok = fabs(got - want) < 1e-9 * fabs(want);
  printf("%s %s augment=%d gradient=%d forward=%d primal=%d\n", what, ok ? "ok" : "WRONG",
         augment_calls - aug, gradient_calls - grad, forward_calls - fwd, primal_calls);
  primal_calls = 0;
}

int main(void) {
  double a = 2.5, want = 0;
  int n = 4;
  for (int i = 0; i < n; i++)  // d/da [cbrt(a + i) a] = a / (3 cbrt(a+i)^2) + cbrt(a + i)
    want += a / (3 * cbrt(a + i) * cbrt(a + i)) + cbrt(a + i);
  int aug = augment_calls, grad = gradient_calls, fwd = forward_calls;
  primal_calls = 0;
  report("reverse", __enzyme_autodiff((void *)f, a, enzyme_const, n), want, aug, grad, fwd);
  aug = augment_calls, grad = gradient_calls, fwd = forward_calls;
  report("forward", __enzyme_fwddiff((void *)f, a, 1.0, enzyme_const, n), want, aug, grad, fwd);
  aug = augment_calls, grad = gradient_calls, fwd = forward_calls;
  report("direct", __enzyme_autodiff((void *)newton_cbrt, 8.0), 1 / 12.0, aug, grad, fwd);
  return 0;
}
// The primal runs once per call, inside the rule (4 terms: 4 calls).
// CHECK: reverse ok augment=4 gradient=4 forward=0 primal=4
// CHECK-NEXT: forward ok augment=0 gradient=0 forward=4 primal=4
// CHECK-NEXT: direct ok augment=1 gradient=1 forward=0 primal=1
