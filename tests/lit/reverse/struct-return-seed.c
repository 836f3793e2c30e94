// A function returning a struct of doubles: with no differential return
// passed, every element is seeded with 1.0 (Enzyme's convention), so the
// gradient is that of the sum of the elements.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
typedef struct { double a, b; } pair;
extern double __enzyme_autodiff(void *, ...);
pair f(double x) { pair p = {sin(x), x * cos(x)}; return p; }
int main(void) {
  double x = 0.7, h = 1e-6;
  double d = __enzyme_autodiff((void *)f, x);
  pair up = f(x + h), down = f(x - h);
  double fd = ((up.a + up.b) - (down.a + down.b)) / (2 * h);
  printf("%s\n", fabs(d - fd) < 1e-6 ? "ok" : "WRONG");
  return 0;
}
// CHECK: ok
