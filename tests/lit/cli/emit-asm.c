// --emit asm produces target assembly (x86-64 here) in which the derivative
// is a local function; --emit obj produces an object file that links.
// RUN: clang -O1 -S -emit-llvm %s -o %t.in.ll
// RUN: enzyme-opt %t.in.ll --emit asm -o - | FileCheck %s
// RUN: enzyme-opt %t.in.ll --emit obj -o %t.o
// RUN: clang %t.o -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=NUM

#include <stdio.h>

extern double __enzyme_autodiff(void *, ...);

double cube(double x) { return x * x * x; }

int main(void) {
  printf("%.6f\n", __enzyme_autodiff((void *)cube, 2.0));
  return 0;
}

// CHECK: .text
// CHECK-DAG: {{^}}main:
// CHECK-DAG: call{{q?}} diffecube
// CHECK-DAG: .type diffecube,@function
// CHECK-DAG: {{^}}diffecube:
// CHECK-NOT: __enzyme_

// NUM: 12.000000
