// __enzyme_iter(n, k): n in the program, n + k in the code a derivative is made
// from, n + 2k in a derivative of a derivative (Enzyme's mycos.c). A Taylor
// polynomial of exp with N = __enzyme_iter(8, 1) terms then has a first and a
// second derivative (reverse over reverse, through its loop) equal to the
// polynomial itself; with a fixed N they would lose a term each (x^8/8! apart).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt %t2.ll --no-reuse -S -o - | lli | FileCheck %s
// RUN: enzyme-opt %t2.ll -S -o - | FileCheck %s --check-prefix=IR
#include <math.h>
#include <stdint.h>
#include <stdio.h>
uint64_t __enzyme_iter(uint64_t, uint64_t);
double __enzyme_autodiff(void *, ...);

double taylor_exp(double x) {
  uint64_t n = __enzyme_iter(8, 1);
  double term = 1, sum = 1;
  for (uint64_t i = 1; i <= n; i++) {
    term *= x / i;
    sum += term;
  }
  return sum;
}
double d1(double x) { return __enzyme_autodiff((void *)taylor_exp, x); }
double d2(double x) { return __enzyme_autodiff((void *)d1, x); }

int main(void) {
  double x = 1.1, t8 = taylor_exp(x);
  printf("first %s, second %s\n", fabs(d1(x) - t8) < 1e-13 ? "ok" : "WRONG",
         fabs(d2(x) - t8) < 1e-13 ? "ok" : "WRONG");
  printf("the polynomial is not exp: %s\n", fabs(t8 - exp(x)) > 1e-7 ? "yes" : "no");
  return 0;
}
// CHECK: first ok, second ok
// CHECK: the polynomial is not exp: yes
// IR-NOT: __enzyme_iter
