// A virtual call whose result is inactive (an int size()) on an object whose
// data is active (passed enzyme_dup) is refused too: the object pointer is an
// active argument, and the unknown target could write the object's active
// data. Calling it on an enzyme_const object works
// (tests/corpus/cpp/virtual_inactive.cpp). -O0 and -O2, with -g.
// RUN: clang -g -O0 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
// RUN: clang -g -O2 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" int enzyme_dup;

struct Layer {
  double w[4];
  virtual ~Layer() {}
  virtual int size() const { return 4; }
};

double norm2(const Layer *l) {
  double s = 0;
  for (int i = 0; i < l->size(); i++)
    s += l->w[i] * l->w[i];
  return s;
}

void grad(Layer *l, Layer *dl) { __enzyme_autodiff((void *)norm2, enzyme_dup, l, dl); }

// CHECK: {{^}}enzyme-opt: error: {{.*}}cpp-virtual-call-active-object.cpp:[[# @LINE - 7]], in function norm2(Layer const*): a virtual call (through the object's vtable) with active arguments cannot be differentiated, its target is only known at run time: make the call direct (in C++, a `final` class or method, or a qualified call such as Base::f){{$}}
