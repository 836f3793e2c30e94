// A C++ virtual call on the active path (through a pointer to an abstract
// base: the target is only known at run time) is refused, and the message
// names the construct and the way out, at -O0 and -O2 (-g: the source line).
// A plain function-pointer call keeps the indirect-call message
// (indirect-call.c); devirtualized calls work (tests/corpus/cpp/virtual_direct.cpp).
// RUN: clang -g -O0 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
// RUN: clang -g -O2 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
#include <cmath>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" int enzyme_const, enzyme_out;

struct Activation {
  virtual ~Activation() {}
  virtual double operator()(double x) const = 0;
};
struct Tanh : Activation {
  double operator()(double x) const override { return std::tanh(x); }
};

double layer(const Activation *act, double x) {
  return (*act)(2.0 * x) + x;
}

double grad(double x) {
  Tanh t;
  return __enzyme_autodiff((void *)layer, enzyme_const, (const Activation *)&t, enzyme_out, x);
}

// CHECK: {{^}}enzyme-opt: error: {{.*}}cpp-virtual-call.cpp:[[# @LINE - 8]], in function layer(Activation const*, double): a virtual call (through the object's vtable) with active arguments cannot be differentiated, its target is only known at run time: make the call direct (in C++, a `final` class or method, or a qualified call such as Base::f){{$}}
