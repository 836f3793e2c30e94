// Enzyme's type hints, `__enzyme_double(&x)` ("this memory holds doubles"), have no
// definition: Enzyme's pass erases the calls.  So does enzyme-opt (they were refused as
// "named for Enzyme but not supported"); the program links and its derivative is right.
// RUN: clang -O1 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o %t.grad.ll
// RUN: FileCheck %s --check-prefix=IR < %t.grad.ll
// RUN: clang %t.grad.ll -o %t.bin
// RUN: %t.bin | FileCheck %s
// IR-NOT: __enzyme_double
// CHECK: 6.000000
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
void __enzyme_double(void *);

double cube(double x) {
  double t = x;
  __enzyme_double(&t);
  return t * t * t;
}

int main(void) {
  printf("%f\n", __enzyme_autodiff((void *)cube, 1.4142135623730951));
  return 0;
}
