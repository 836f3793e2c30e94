// A pointer without a shadow stored into a struct that has one, with floats read through it
// later. Into a constant global (-DCONSTANT), or an enzyme_const argument, that is constant
// data: the struct's shadow holds the pointer itself and the reads are checked at run time
// (ad/runtime_activity.py). Into a mutable global without a shadow, derivatives the program
// stored through the pointer would be dropped by those checks without a word: refused, in
// one line, as before run-time activity.
// RUN: clang -O0 -g -S -emit-llvm %s -o %t.ll
// RUN: not enzyme-opt %t.ll -S -o %t.out.ll 2>&1 | FileCheck %s
// RUN: clang -O0 -DCONSTANT -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s --check-prefix=OK
// RUN: clang -O2 -DCONSTANT -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s --check-prefix=OK
// CHECK: {{^}}enzyme-opt: error: {{.*}}writable-global-in-shadowed-struct.c:[[# @LINE + 20]], in function @f: a pointer without a shadow, into @table, a global without a shadow that the program may write, is stored into memory that has one, and floating-point values are read through it later: derivatives stored through it would be lost; give that memory a shadow (pass it with enzyme_dup and a zeroed shadow), or mark the global inactive (__enzyme_inactive_global)
// OK: ok
#include <math.h>
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;
#ifdef CONSTANT
static const double table[3] = {1, 2, 3};
#else
double table[3] = {1, 2, 3};
#endif

typedef struct { const double *w; double *x; } Holder;
__attribute__((noinline)) double use(Holder *h, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += h->w[i] * h->x[i] * h->x[i];
  return s;
}
double f(double *x, int n) {
  Holder h;
  h.w = table;
  h.x = x;
  return use(&h, n);
}

int main(void) {
  double x[3] = {0.5, -1, 2}, dx[3] = {0};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, 3);
  int ok = 1;
  for (int i = 0; i < 3; i++) ok &= fabs(dx[i] - 2 * table[i] * x[i]) < 1e-12;
  printf(ok ? "ok\n" : "WRONG\n");
  return 0;
}
