// A call through a function pointer with active arguments, when the pointer has no
// shadow (enzyme_const): the call looks up the table of derivatives of the function
// it points to among the functions of its type whose address the module takes
// (reverse/callback-const-pointer.c). When there are none, it is refused when
// compiling, the error naming the source line (-g); when the pointer at run time
// is none of them (here libm's `exp`, whose body is elsewhere), the derivative
// stops with the reason and the line, never calling the function as a table.
// RUN: clang -g -O1 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
// RUN: clang -g -O0 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
// RUN: clang -g -O0 -DRUN -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: not --crash lli %t0.out.ll 2>&1 | FileCheck %s --check-prefix=STOP
// RUN: clang -g -O2 -DRUN -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: not --crash lli %t2.out.ll 2>&1 | FileCheck %s --check-prefix=STOP
#include <math.h>
#include <stdio.h>
extern double __enzyme_autodiff(void *, ...);
extern int enzyme_const;
typedef double (*fn_t)(double);

__attribute__((noinline)) double apply(fn_t f, double x) {
  double y = x * 2.0;
  return f(y);
}

extern double elsewhere(double);

#ifndef RUN
double grad(double x) {
  return __enzyme_autodiff((void *)apply, enzyme_const, elsewhere, x);
}
#else
double sq(double x) { return x * x; }
int main(void) {
  fn_t fs[2] = {sq, exp};
  setvbuf(stdout, NULL, _IONBF, 0);
  for (int i = 0; i < 2; i++)
    printf("d = %g\n", __enzyme_autodiff((void *)apply, enzyme_const, fs[i], 1.5));
  return 0;
}
#endif

// CHECK: {{^}}enzyme-opt: error: {{.*}}indirect-call.c:24, in function @apply: an indirect call (through a function pointer) with active arguments needs the shadow of the called pointer
// STOP: d = 12
// STOP-NEXT: enzyme-opt: {{.*}}indirect-call.c:24, in function @apply: the shadow of the function pointer called here with active arguments is not a table of derivatives: null
