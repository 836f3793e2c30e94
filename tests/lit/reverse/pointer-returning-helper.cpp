// A callee returning an active pointer (std::vector's operator[] at -O0,
// not inlined): its augmented form returns {pointer, shadow pointer}. It
// used to return the pointer alone, and the output did not verify.
// Checked against the analytic gradient of sum_i sin(w_i x).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <cmath>
#include <cstdio>
#include <vector>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" int enzyme_dup, enzyme_out;
double loss(const std::vector<double> &w, double x) {
  double s = 0;
  for (size_t i = 0; i < w.size(); i++) s += std::sin(w[i] * x);
  return s;
}
double wrapper(const std::vector<double> *w, double x) { return loss(*w, x); }
int main() {
  std::vector<double> w = {1, 2, 3}, dw = {0, 0, 0};
  double x = 0.5;
  double dx = __enzyme_autodiff((void *)wrapper, enzyme_dup, &w, &dw, enzyme_out, x);
  bool ok = true;
  double want_dx = 0;
  for (int i = 0; i < 3; i++) {
    want_dx += w[i] * std::cos(w[i] * x);
    ok &= std::fabs(dw[i] - x * std::cos(w[i] * x)) < 1e-12;
  }
  ok &= std::fabs(dx - want_dx) < 1e-12;
  printf("%s\n", ok ? "gradient ok" : "gradient WRONG");
}
// CHECK: gradient ok
