// A std::function on the active path: its call goes through the function
// pointer it stores (_M_invoker), and its copy and destruction through another
// (_M_manager); both are called through their tables of derivatives, the shadow
// std::function's pointers (docs/modes.md, indirect calls). The gradient
// against central finite differences, -O1..-O3 (at -O0 the manager's table
// cannot be made: tests/lit/errors/cpp-std-function.cpp).
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <cmath>
#include <cstdio>
#include <functional>
extern "C" double __enzyme_autodiff(void *, ...);

double integrate(const std::function<double(double)> &g, double b) {
  double s = 0;
  for (int i = 0; i < 8; i++)
    s += g(b * i / 8.0);
  return s * b / 8;
}

double area(double k) {
  return integrate([k](double t) { return std::exp(-k * t); }, 1.0);
}

int main() {
  double k = 0.7, h = 1e-6;
  double d = __enzyme_autodiff((void *)area, k);
  double fd = (area(k + h) - area(k - h)) / (2 * h);
  printf("%s\n", std::fabs(d - fd) < 1e-7 ? "ok" : "WRONG");
}
// CHECK: ok
