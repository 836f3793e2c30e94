// An integer bound loaded from memory a differentiated pointer argument may reach is
// "varied" for activity (memory is untyped), and at -O2 clang folds `n < 10 ? n : 10`
// into @llvm.umin.i32.  The table of inactive intrinsics names them without their type
// suffix (llvm.umin); the suffixed name was taken for an unknown intrinsic and refused
// ("no derivative is known for the LLVM intrinsic @llvm.umin.i32").
// RUN: clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: grep -q 'llvm.umin.i32' %t.ll
// RUN: enzyme-opt %t.ll -S -o %t.grad.ll
// RUN: clang %t.grad.ll -o %t.bin
// RUN: %t.bin | FileCheck %s
// CHECK: 2.000000 4.000000 6.000000
#include <stdio.h>
double __enzyme_autodiff(void *, ...);

__attribute__((noinline)) void g(double *a, int *n) {
  int m = *n < 10 ? *n : 10;
  for (int i = 0; i < m; i++)
    a[i] *= a[i];
}

void f(double *a, int n) {
  int nn = n;
  g(a, &nn);
}

int main(void) {
  double a[3] = {1, 2, 3}, d[3] = {1, 1, 1};
  __enzyme_autodiff((void *)f, a, d, 3);
  printf("%f %f %f\n", d[0], d[1], d[2]);
  return 0;
}
