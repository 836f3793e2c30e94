// A C++ virtual call on the active path on an enzyme_const object: the call
// goes through the shadow object's vtable (tests/lit/reverse/virtual-calls.cpp),
// and a constant object has none, so it is refused, and the message names the
// construct and the ways out, at -O0 and -O2 (-g: the source line). A plain
// function-pointer call says "an indirect call" (indirect-call.c);
// devirtualized calls work (tests/corpus/cpp/virtual_direct.cpp).
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

// CHECK: {{^}}enzyme-opt: error: {{.*}}cpp-virtual-call.cpp:[[# @LINE - 8]], in function layer(Activation const*, double): a virtual call (through the object's vtable) with active arguments needs the shadow of the called pointer (a table of the function's derivatives), and it has none: give the object or function pointer a shadow (enzyme_dup, not enzyme_const; a shadow object's vtable set with __enzyme_virtualreverse), or make the call direct{{$}}
