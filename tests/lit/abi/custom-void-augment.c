// A registered augmented forward pass that returns nothing keeps no tape (the
// gradient takes none) and gives no result: the function itself computes its
// result, run once more, which only a function writing no memory but its own
// may (Enzyme's invsqrt.c). Here the custom rule is deliberately 3x the true
// derivative, so the numbers show that it, not the body, was used, and the
// primal value feeds the rest of the computation (x * g(x)). Every level; a
// function that writes a global is refused (below).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -g -DWRITES -S -emit-llvm %s -o %tw.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %tw.ll -S -o %tw.out | FileCheck %s --check-prefix=WRITES
#include <math.h>
#include <stdio.h>
double __enzyme_autodiff(void *, ...);

#ifdef WRITES
int calls;
#endif
__attribute__((noinline)) double g(double x) {
#ifdef WRITES
  calls++;
#endif
  return sin(x) * x;
}
int augmented;
void g_aug(double x) { augmented++; }
double g_grad(double x, double dy) { return 3 * dy * (cos(x) * x + sin(x)); }
void *__enzyme_register_gradient_g[] = {(void *)g, (void *)g_aug, (void *)g_grad};

double f(double x) { return x * g(x); }

int main(void) {
  double x = 0.8;
  double d = __enzyme_autodiff((void *)f, x);
  /* d/dx [x g(x)] = g(x) + x g'(x), with the rule's g' = 3 (cos x · x + sin x) */
  double want = sin(x) * x + x * 3 * (cos(x) * x + sin(x));
  printf("%s, augmented %d\n", fabs(d - want) < 1e-14 ? "ok" : "WRONG", augmented);
  return 0;
}
// CHECK: ok, augmented 1
// WRITES: enzyme-opt: error: {{.*}}custom-void-augment.c:{{[0-9]+}}, in function @f: the augmented forward pass registered for @g returns nothing, so its result must come from running @g itself, which writes memory: return {tape, result} from it
