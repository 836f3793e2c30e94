// Inline asm on an active value cannot be differentiated: the error names
// the source line of the asm statement (-g).
// RUN: clang -g -O1 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s

extern double __enzyme_autodiff(void *, ...);

double f(double x) {
  double r;
  __asm__("fsqrt" : "=t"(r) : "0"(x));
  return r * x;
}

double grad(double x) { return __enzyme_autodiff((void *)f, x); }

// CHECK: {{^}}enzyme-opt: error: {{.*}}inline-asm.c:[[# @LINE - 6]], in function @f: inline asm with active operands cannot be differentiated{{$}}
