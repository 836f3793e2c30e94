// A std::function on the active path: its call goes through the function
// pointer it stores (_M_invoker), and its copy and destruction through another
// (_M_manager); both are called through their tables of derivatives, the shadow
// std::function's pointers (docs/modes.md, indirect calls). The gradient
// against central finite differences, -O1..-O3. At -O0 the manager reaches a
// function whose body is elsewhere, so it gets no table: the call through its
// null shadow stops the program with a message naming the line in libstdc++'s
// <functional> (-g), never a wrong number.
// RUN: clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: not --crash lli %t0.out.ll 2>&1 | FileCheck %s --check-prefix=STOP
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
// STOP: enzyme-opt: {{.*}}std_function.h:{{[0-9]+}}, in function std::_Function_base::~_Function_base(): the shadow of the function pointer called here with active arguments is not a table of derivatives: null
