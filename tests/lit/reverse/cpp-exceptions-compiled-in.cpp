// C++ with exception handling compiled in but no exception thrown: a helper
// that may throw, called inside try { } catch (...) { } while a local with a
// destructor is alive, so the call is an invoke with a landing pad even at
// -O2. The preprocess_ copies lower invokes to calls (as Enzyme's
// preprocessing does); this used to be refused ("invoke (a call that may
// throw) with active arguments is not supported"). Both modes, checked
// against the analytic derivative d/dx [x sqrt(x^2 + 1)] = (2x^2 + 1)/sqrt(x^2 + 1).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <cmath>
#include <cstdio>
#include <stdexcept>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
__attribute__((noinline)) double checked_sqrt(double v) {
  if (v < 0) throw std::domain_error("negative");
  return std::sqrt(v);
}
struct Guard {
  int *n;
  ~Guard() { ++*n; }
};
double f(double x) {
  int exits = 0;
  Guard g{&exits};
  try {
    return x * checked_sqrt(x * x + 1);
  } catch (...) {
    return 0;
  }
}
int main() {
  double x = 0.75, want = (2 * x * x + 1) / std::sqrt(x * x + 1);
  double r = __enzyme_autodiff((void *)f, x), t = __enzyme_fwddiff((void *)f, x, 1.0);
  printf("reverse %s\nforward %s\n", std::fabs(r - want) < 1e-12 ? "ok" : "WRONG",
         std::fabs(t - want) < 1e-12 ? "ok" : "WRONG");
}
// CHECK: reverse ok
// CHECK-NEXT: forward ok
