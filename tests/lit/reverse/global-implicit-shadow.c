// A static global written by one callee and read by another gets a shadow
// without being asked, as in Enzyme: the reader uses the shadow the writer
// uses (a local one would lose the derivative). h(x) = Σ g_i with g_i = x_i²
// written by set() and s = Σ g_i read by sum(); then a global written and
// read in one function at each call (a running state): r(x) = x·(x+1)·3.
// Both modes, -O0 to -O3.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
void __enzyme_autodiff(void *, ...);
double __enzyme_autodiff1(void *, ...) __asm__("__enzyme_autodiff");
double __enzyme_fwddiff(void *, ...);

static double g[2];
__attribute__((noinline)) static void set(const double *x) {
  for (int i = 0; i < 2; i++) g[i] = x[i] * x[i];
}
__attribute__((noinline)) static double sum(void) { return g[0] + g[1]; }
static double h(const double *x) { set(x); return sum(); }

static double state = 1.0;
__attribute__((noinline)) static void step(double x) { state = state * x + x; }
static double r(double x) {
  state = x;
  step(x);
  return state * 3;
}

int main(void) {
  double x[2] = {3.0, 4.0}, dx[2] = {0, 0}, tx[2] = {1, 0.5};
  __enzyme_autodiff((void *)h, x, dx);
  printf("grad %g %g\n", dx[0], dx[1]);
  // CHECK: grad 6 8
  printf("tangent %g\n", __enzyme_fwddiff((void *)h, x, tx));
  // CHECK: tangent 10
  // r = 3(x² + x), r' = 6x + 3
  printf("r' %g %g\n", __enzyme_autodiff1((void *)r, 2.0), __enzyme_fwddiff((void *)r, 2.0, 1.0));
  // CHECK: r' 15 15
  printf("again %g\n", __enzyme_autodiff1((void *)r, 1.0));
  // CHECK: again 9
  return 0;
}
