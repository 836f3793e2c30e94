// A std::function on the active path calls its target through function
// pointers it stores (_M_invoker, _M_manager), which go through their tables of
// derivatives (docs/modes.md, indirect calls): at -O1 and above that works
// (tests/lit/reverse/cpp-std-function.cpp). At -O0 the manager's table cannot be
// made: it stores the lambda's type_info, which has no shadow, into memory that
// has one; refused at that line of libstdc++'s <functional> (-g).
// Pass the callable as a template parameter instead
// (tests/corpus/cpp/lambda_integrate.cpp).
// RUN: clang -g -O0 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
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

// CHECK: {{^}}enzyme-opt: error: {{.*}}std_function.h:{{[0-9]+}}, in function std::_Function_handler<double (double), area(double)::$_0>::_M_manager({{.*}}): @{{.*}} has no shadow (it is enzyme_const, or points to memory that holds no derivatives) but is stored into memory that has one
