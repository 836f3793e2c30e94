// Memory returned by a function whose body is not in the module has no
// shadow: storing a derivative into it would lose the derivative, so it is
// refused, naming the function and the line.
// RUN: clang -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
extern double __enzyme_autodiff(void *, ...);
extern double *scratch_buffer(void);
double f(double x) {
  double *buf = scratch_buffer();
  buf[0] = x * x;
  return buf[0] * 3.0;
}
double grad(double x) { return __enzyme_autodiff((void *)f, x); }
// CHECK: enzyme-opt: error: {{.*}}store-into-returned-buffer.c:10, in function @f: an active value is stored into memory returned by scratch_buffer(), which has no shadow
