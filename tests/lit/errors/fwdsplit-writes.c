// __enzyme_fwdsplit of a function that writes memory its caller sees is
// refused: recomputing its primal would repeat the writes.
// RUN: clang -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
extern int enzyme_dup;
double __enzyme_fwdsplit(void *, ...);
double scale(double *x) { x[0] *= 2; return x[0]; }
double t(double *x, double *dx, void *tape) {
  return __enzyme_fwdsplit((void *)scale, enzyme_dup, x, dx, tape);
}
// CHECK: enzyme-opt: error: {{.*}}fwdsplit-writes.c:9, in function @t: __enzyme_fwdsplit of @scale: it writes memory its caller can see, so its forward derivative cannot recompute its primal values; use __enzyme_fwddiff, or a function without such writes
