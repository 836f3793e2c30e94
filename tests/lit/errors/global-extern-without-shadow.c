// A global defined in another file has no shadow enzyme-opt could make here:
// storing an active value into it is refused (one line, naming the global and
// the source line), never a lost derivative.
// RUN: clang -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
extern double __enzyme_autodiff(void *, ...);
extern double acc;
__attribute__((noinline)) void f(double x) { acc = x * x; }
double g(double x) { f(x); return acc * 3.0; }
double grad(double x) { return __enzyme_autodiff((void *)g, x); }
// CHECK: enzyme-opt: error: {{.*}}global-extern-without-shadow.c:8, in function @f: an active value is stored into @acc, which is defined in another file
