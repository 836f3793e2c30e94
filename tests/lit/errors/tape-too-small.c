// enzyme_allocated with fewer bytes than the tape takes: a compile-time
// error naming both sizes.
// RUN: clang -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
extern int enzyme_dup, enzyme_tape, enzyme_allocated;
void __enzyme_augmentfwd(void *, ...);
void f(double *x) { x[0] *= x[0]; }
void f_aug(double *x, double *dx, void *tape) {
  __enzyme_augmentfwd((void *)f, enzyme_dup, x, dx, enzyme_allocated, 16, enzyme_tape, tape);
}
// CHECK: enzyme-opt: error: {{.*}}tape-too-small.c:9, in function @f_aug: the tape of @f needs 32 bytes, but 'enzyme_allocated' gives 16 (use __enzyme_augmentsize)
