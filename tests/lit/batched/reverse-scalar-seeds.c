// Batched reverse mode of a scalar function: W differential returns (seeds)
// give W scaled gradients of the active scalar arguments, returned as
// [W x double] each (declared in C as a struct of W doubles); the seeds can
// be passed as W values or omitted (1.0 in every lane). -O0 and -O2.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
extern int enzyme_width, enzyme_const;
typedef struct { double d[2]; } lanes2;
typedef struct { lanes2 da, db; } grad2;
lanes2 __enzyme_autodiff_one(void *, ...);
grad2 __enzyme_autodiff_two(void *, ...);
double g(double a, double b) { return a * a * b + sin(b); }
int main(void) {
  double a = 1.5, b = 2.0;
  lanes2 da = __enzyme_autodiff_one((void *)g, enzyme_width, 2, a, enzyme_const, b, 1.0, 3.0);
  printf("da %g %g\n", da.d[0], da.d[1]); /* 2ab times each seed */
  grad2 g2 = __enzyme_autodiff_two((void *)g, enzyme_width, 2, a, b);
  printf("da %g %g db %.6f %.6f\n", g2.da.d[0], g2.da.d[1], g2.db.d[0], g2.db.d[1]);
  return 0;
}
// CHECK: da 6 18
// CHECK-NEXT: da 6 6 db 1.833853 1.833853
