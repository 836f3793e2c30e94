// An Enzyme call whose function is chosen at run time: clang -O2 merges the three calls of
// grad() into one call of `select (which == 0) ? @f : (which == 1 ? @g : @h)`. Enzyme's
// plugin runs before that merge; enzyme-opt splits the call back into one call per function
// (abi/chosen_functions.py). It used to refuse it ("cannot tell which function ..."). -O0, -O2.
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t2.out.ll
// RUN: lli %t2.out.ll | FileCheck %s
#include <stdio.h>
#include <math.h>
extern double __enzyme_autodiff(void *, ...);
double f(double x) { return x * x; }
double g(double x) { return sin(x); }
double h(double x) { return exp(x); }
__attribute__((noinline)) double grad(int which, double x) {
  if (which == 0) return __enzyme_autodiff((void *)f, x);
  else if (which == 1) return __enzyme_autodiff((void *)g, x);
  return __enzyme_autodiff((void *)h, x);
}
int main(void) {
  printf("%g %g %g\n", grad(0, 1.5), grad(1, 1.5), grad(2, 1.5));
  return 0;
}
// d/dx of x², sin x, eˣ at 1.5:
// CHECK: 3 0.0707372 4.48169
// IR-LABEL: define {{.*}}@grad(
// IR: icmp eq ptr %{{.*}}, @f
// IR: call double @diffef(
// IR: call double @diffeg(
// IR: call double @diffeh(
