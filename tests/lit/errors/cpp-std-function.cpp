// A std::function on the active path calls its target through a function
// pointer it stores (_M_invoker): refused as an indirect call, at the line in
// libstdc++'s <functional> that makes the call (-g), at -O0 and -O2.
// Pass the callable as a template parameter instead
// (tests/corpus/cpp/lambda_integrate.cpp).
// RUN: clang -g -O0 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
// RUN: clang -g -O2 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
#include <cmath>
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

double grad(double k) { return __enzyme_autodiff((void *)area, k); }

// CHECK: {{^}}enzyme-opt: error: {{.*}}std_function.h:{{[0-9]+}}, in function {{(std::function<double \(double\)>::operator\(\)\(double\) const|area\(double\))}}: an indirect call (through a function pointer) with active arguments cannot be differentiated: call the function directly{{$}}
