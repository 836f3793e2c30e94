// Pointer arithmetic through integers loses the shadow pointer: a
// diagnostic naming the line, never a silently zero derivative.
// RUN: clang -O0 -g -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
#include <stdint.h>
extern double __enzyme_autodiff(void *, ...);
double f(double *x) { double *y = (double *)((uintptr_t)x + 8); return y[0] * y[0]; }
double g(double *x, double *dx) { return __enzyme_autodiff((void *)f, x, dx); }
// CHECK: enzyme-opt: error: {{.*}}pointer-through-integer.c:7, in function @f: pointer arithmetic through integers (ptrtoint/inttoptr) on active memory is not supported
