// Call-wide markers in split and combined mode:
//  - enzyme_byref, N: the differential return passed by reference;
//  - enzyme_noret: __enzyme_augmentfwd returns the tape alone;
//  - enzyme_nofree: __enzyme_reverse leaves the tape's memory alone;
//  - enzyme_primal_return: __enzyme_autodiff returns {result, derivative};
//  - enzyme_width 2 in split mode: two seeds through one tape.
// Markers may come before, between or after the arguments. -O0 and -O2.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t2.out.ll
#include <math.h>
#include <stdio.h>
extern int enzyme_const, enzyme_byref, enzyme_noret, enzyme_nofree, enzyme_primal_return,
    enzyme_width, enzyme_tape;
void *__enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);
typedef struct { double result, dx; } primal_and_gradient;
primal_and_gradient __enzyme_autodiff(void *, ...);
typedef struct { double d[2]; } lanes2;
lanes2 __enzyme_reverse2(void *, ...);

double f(double x, double c) { return exp(x * c) + x; }

__attribute__((noinline)) double keep_tape(double x, void *memory) {
  __enzyme_augmentfwd((void *)f, x, enzyme_const, 2.0, enzyme_tape, memory);
  return __enzyme_reverse((void *)f, x, enzyme_const, 2.0, 1.0, enzyme_nofree,
                          enzyme_tape, memory);
}

int main(void) {
  double x = 0.3, want = 2 * exp(0.6) + 1;
  double seed = 2.0;
  void *tape = __enzyme_augmentfwd((void *)f, enzyme_noret, x, enzyme_const, 2.0);
  double d = __enzyme_reverse((void *)f, x, enzyme_const, 2.0, enzyme_byref, 8, &seed, tape);
  printf("byref %s\n", fabs(d - 2 * want) < 1e-12 ? "ok" : "WRONG");
  char memory[32];
  printf("nofree %s\n", fabs(keep_tape(x, memory) - want) < 1e-12 ? "ok" : "WRONG");
  primal_and_gradient r = __enzyme_autodiff((void *)f, enzyme_primal_return, x, enzyme_const, 2.0);
  printf("primal_return %s %s\n", r.result == f(x, 2.0) ? "ok" : "WRONG",
         fabs(r.dx - want) < 1e-12 ? "ok" : "WRONG");
  void *t2 = __enzyme_augmentfwd((void *)f, enzyme_width, 2, enzyme_noret, x, enzyme_const, 2.0);
  lanes2 d2 = __enzyme_reverse2((void *)f, enzyme_width, 2, x, enzyme_const, 2.0, 1.0, -3.0, t2);
  printf("width2 %s\n", fabs(d2.d[0] - want) + fabs(d2.d[1] + 3 * want) < 1e-12 ? "ok" : "WRONG");
  return 0;
}
// CHECK: byref ok
// CHECK-NEXT: nofree ok
// CHECK-NEXT: primal_return ok ok
// CHECK-NEXT: width2 ok
// IR-LABEL: define {{.*}} @keep_tape(
// IR-NOT: @enzyme_opt.tape.free
// IR: ret double
