// std::cout / std::cerr output of active values inside a differentiated
// function is inactive (as Enzyme treats it): operator<<(double) and the
// calls it inlines into at -O2 (std::ostream::_M_insert<double>, endl's
// put/flush) used to be "no derivative is known for the external function
// @_ZNSolsEd". Both modes, analytic derivative d/dx [x sin x].
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <cmath>
#include <iomanip>
#include <iostream>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
double f(double x) {
  double y = x * std::sin(x);
  std::cout << "f: y = " << y << ", as float " << (float)y << ' ' << std::setprecision(3)
            << 2 * y << std::endl;
  std::cerr << "x = " << x << "\n" << std::flush;
  return y;
}
int main() {
  double x = 0.5, want = std::sin(x) + x * std::cos(x);
  double r = __enzyme_autodiff((void *)f, x), t = __enzyme_fwddiff((void *)f, x, 1.0);
  std::cout << "reverse " << (std::fabs(r - want) < 1e-12 ? "ok" : "WRONG") << "\n";
  std::cout << "forward " << (std::fabs(t - want) < 1e-12 ? "ok" : "WRONG") << "\n";
}
// CHECK: f: y = 0.239713, as float 0.239713 0.479
// CHECK: f: y = 0.24, as float 0.24 0.479
// CHECK: reverse ok
// CHECK-NEXT: forward ok
