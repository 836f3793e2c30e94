// An active value stored into an element of a global array with no shadow:
// at -O2 the address is a constant expression (getelementptr on @g), which
// must be diagnosed like a plain global, not silently lose the derivative.
// RUN: clang -O2 -g -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
double g[4];
double __enzyme_autodiff(void *, ...);
__attribute__((noinline)) void set(double x) { g[1] = x * x; }
double f(double x) { set(x); return g[1] * 2 + x; }
double grad(double x) { return __enzyme_autodiff((void *)f, x); }
// CHECK: enzyme-opt: error: {{.*}}global-array-without-shadow.c:8, in function @set: an active value is stored into the global @g, which has no shadow
