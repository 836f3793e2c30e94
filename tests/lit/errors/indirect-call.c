// An indirect call through a function pointer on an active value, when the
// pointer is enzyme_const (so it has no shadow, no table of derivatives to call
// through), is refused: the error names the source line of the call (-g).
// RUN: clang -g -O1 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
// RUN: clang -g -O0 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s

extern double __enzyme_autodiff(void *, ...);
extern int enzyme_const;
typedef double (*fn_t)(double);

double apply(fn_t f, double x) {
  double y = x * 2.0;
  return f(y);
}

double sq(double x) { return x * x; }

double grad(double x) {
  return __enzyme_autodiff((void *)apply, enzyme_const, sq, x);
}

// CHECK: {{^}}enzyme-opt: error: {{.*}}indirect-call.c:[[# @LINE - 9]], in function @apply: an indirect call (through a function pointer) with active arguments needs the shadow of the called pointer
