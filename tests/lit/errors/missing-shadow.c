// With debug info, an error in the arguments of an Enzyme call names the
// source file and line of the call.
// RUN: clang -g -O1 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
// RUN: clang -g -O0 -S -emit-llvm %s -o %t.in.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.in.ll -S -o %t.out | FileCheck %s

extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup;

double sq(double *x) { return *x * *x; }

double t(double *x) {
  return __enzyme_fwddiff((void *)sq, enzyme_dup, x);
}

// CHECK: {{^}}enzyme-opt: error: {{.*}}missing-shadow.c:[[# @LINE - 3]], in function @t: too few arguments: expected the shadow of parameter 1 of @sq
