// Forward-over-reverse (a second derivative) through custom rules: the
// gradient of f(a) = cbrt(a) a uses the registered augmented pass and
// gradient; forward mode then differentiates those rule functions' bodies,
// where the inner cbrt call uses the registered forward derivative.
// f' = 4/3 a^(1/3), f'' = 4/9 a^(-2/3); -O0 and -O2.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
int na, ng, nf;
__attribute__((noinline)) double newton_cbrt(double a) {
  double y = a > 1 ? a : 1;
  while (fabs(y * y * y - a) > 1e-15 * a) y -= (y * y * y - a) / (3 * y * y);
  return y;
}
typedef struct { void *tape; double y; } augmented;
augmented newton_cbrt_augment(double a) { na++;
  double *y = malloc(sizeof *y); *y = newton_cbrt(a); augmented out = {y, *y}; return out; }
double newton_cbrt_gradient(double a, double dy, void *tape) { ng++;
  double y = *(double *)tape; free(tape); return dy / (3 * y * y); }
void *__enzyme_register_gradient_cbrt[] = {(void *)newton_cbrt, (void *)newton_cbrt_augment, (void *)newton_cbrt_gradient};
typedef struct { double y, dy; } dual;
dual newton_cbrt_forward(double a, double da) { nf++; double y = newton_cbrt(a); dual out = {y, da / (3 * y * y)}; return out; }
void *__enzyme_register_derivative_cbrt[] = {(void *)newton_cbrt, (void *)newton_cbrt_forward};
double f(double a) { return newton_cbrt(a) * a; }
double df(double a) { return __enzyme_autodiff((void *)f, a); }
int main() {
  double a = 2.0, y = cbrt(a);
  /* f = a^(4/3): f' = 4/3 a^(1/3), f'' = 4/9 a^(-2/3) */
  printf("gradient %s\n", fabs(df(a) - 4.0 / 3 * y) < 1e-12 ? "ok" : "WRONG");
  double h = __enzyme_fwddiff((void *)df, a, 1.0);
  printf("second %s augment=%d gradient=%d forward=%d\n", fabs(h - 4.0 / 9 / (y * y)) < 1e-12 ? "ok" : "WRONG", na, ng, nf);
}
// CHECK: gradient ok
// CHECK-NEXT: second ok augment=2 gradient=2 forward=1
