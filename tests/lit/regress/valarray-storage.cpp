// Regression: std::valarray's storage comes from std::__valarray_get_storage(n),
// a helper that allocates it with only an inactive argument; its shadow was a
// null pointer and both modes crashed at -O0.  Self-checking: exit 0 when right.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: lli %t0.out.ll
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll
#include <cmath>
#include <cstdio>
#include <valarray>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);

double weighted(double x, double y) {  // d/dx = 1 + 2x, d/dy = 3
  std::valarray<double> v = {x, y, x * x};
  std::valarray<double> w = {1.0, 3.0, 1.0};
  return (v * w).sum();
}

int main() {
  double x = 0.75, y = 0.3;
  double fx = __enzyme_fwddiff((void *)weighted, x, 1.0, y, 0.0);
  double rx = __enzyme_autodiff((void *)weighted, x, y);
  if (std::fabs(fx - 2.5) > 1e-12 || std::fabs(rx - 2.5) > 1e-12) {
    std::printf("WRONG DERIVATIVE: forward %g, reverse %g, want 2.5\n", fx, rx);
    return 1;
  }
  return 0;
}
