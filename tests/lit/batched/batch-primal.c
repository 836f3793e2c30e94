// __enzyme_batch: the primal over W lanes. Vector arguments give one value
// per lane (the default), scalar ones are shared; the W results come back as
// [W x T]. Lanes with different control flow (the branch in relu_scale) and
// lanes writing memory each behave as W calls of the primal. -O0 to -O3.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t2.out.ll
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
extern int enzyme_width, enzyme_vector, enzyme_scalar;
typedef struct { double d[4]; } lanes4;
lanes4 __enzyme_batch(void *, ...);
void __enzyme_batch_void(void *, ...);

double relu_scale(double x, double a) { return x > 0 ? a * x : sin(x); }
void add_one(double *x) { *x += 1; }

int main(void) {
  double xs[4] = {-1.0, 2.0, -3.0, 4.0};
  lanes4 r = __enzyme_batch((void *)relu_scale, enzyme_width, 4, enzyme_vector, xs[0], xs[1],
                            xs[2], xs[3], enzyme_scalar, 10.0);
  int same = 1;
  for (int k = 0; k < 4; k++) same &= r.d[k] == relu_scale(xs[k], 10.0);
  printf("batch equals 4 primal calls: %s\n", same ? "yes" : "NO");
  double a = 1, b = 2;
  __enzyme_batch_void((void *)add_one, enzyme_width, 2, &a, &b);
  printf("%g %g\n", a, b);
  return 0;
}
// CHECK: batch equals 4 primal calls: yes
// CHECK-NEXT: 2 3
// IR: define internal [4 x double] @batch_relu_scale([4 x double] %0, double %1)
// IR: define internal void @batch_add_one([2 x ptr] %0)
