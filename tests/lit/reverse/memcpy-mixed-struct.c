// A struct copy (memcpy) of float, float, double and int fields: its adjoint
// must add each field's shadow with that field's type. Clang's !tbaa.struct
// (at -O1 and up) says which bytes are which; at -O0 there is no such
// annotation and the memory holds both float and double, so enzyme-opt
// refuses instead of guessing. The shadow starts non-zero: reverse mode adds.
// RUN: clang -O1 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o - | lli | FileCheck %s --check-prefix=NUM
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t0.ll -S -o %t.out | FileCheck %s --check-prefix=ERR
#include <stdio.h>
typedef struct { float a; float b; double c; int k; } rec;
extern void __enzyme_autodiff(void *, ...);
__attribute__((noinline)) void copy(rec *dst, const rec *src) { *dst = *src; }
double f(const rec *in) {
  rec t;
  copy(&t, in);
  return t.a * 2.0 + t.b * 3.0 + t.c * 5.0 + t.k;
}
int main(void) {
  rec in = {1, 2, 3, 4}, din = {1, 1, 1, 0};
  __enzyme_autodiff((void *)f, &in, &din);
  printf("%g %g %g\n", din.a, din.b, din.c);
  return 0;
}
// NUM: 3 4 6
// ERR: enzyme-opt: error: in function @copy, {{.*}}: cannot differentiate a memcpy of memory that holds both float and double values
