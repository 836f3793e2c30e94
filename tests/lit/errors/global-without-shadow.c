// Storing a derivative-carrying value into a global with no shadow would
// lose the derivative: an error naming the global and the source line.
// RUN: clang -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
extern double __enzyme_autodiff(void *, ...);
double acc;
__attribute__((noinline)) void f(double x) { acc = x * x; }
double g(double x) { f(x); return acc * 3.0; }
double grad(double x) { return __enzyme_autodiff((void *)g, x); }
// CHECK: enzyme-opt: error: {{.*}}global-without-shadow.c:7, in function @f: an active value is stored into the global @acc, which has no shadow
