// __enzyme_function_like = {fn, "log1p"}: fn is differentiated with log1p's
// rule, whatever its body computes (here 2a, so the rule's 1/(1+a) shows):
// d/da at 2 is 1/3 in both modes. A float version uses log1pf's rule.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
float __enzyme_autodiff_f(void *, ...);

__attribute__((noinline)) double log1p_like(double a) { return 2 * a; }
__attribute__((noinline)) float log1pf_like(float a) { return 2 * a; }
void *__enzyme_function_like[2] = {(void *)log1p_like, "log1p"};
void *__enzyme_function_like_float[2] = {(void *)log1pf_like, "log1pf"};

double test(double a) { return log1p_like(a); }
float testf(float a) { return log1pf_like(a); }

int main(void) {
  printf("reverse %.6f forward %.6f float %.6f\n", __enzyme_autodiff((void *)test, 2.0),
         __enzyme_fwddiff((void *)test, 2.0, 1.0), (double)__enzyme_autodiff_f((void *)testf, 2.0f));
  return 0;
}
// CHECK: reverse 0.333333 forward 0.333333 float 0.333333
