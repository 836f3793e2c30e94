// A virtual call whose result is an integer (size()) on an object whose data is
// active (passed enzyme_dup): the object pointer is an active argument and the
// target could write the object's data, so the call goes through the shadow
// object's vtable, whose tables return the integer and take no adjoint for it.
// The gradient against its closed form, every level (-g). A shadow object left
// with the primal's vtable (no __enzyme_virtualreverse) is never called as if its
// method were a table: the call finds the table of the method the primal's vtable
// holds at run time, and the gradient is the same.
// RUN: clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: lli %t0.out.ll | FileCheck %s
// RUN: lli %t0.out.ll primal-vtable | FileCheck %s
// RUN: clang -g -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll | FileCheck %s
// RUN: lli %t2.out.ll primal-vtable | FileCheck %s
// RUN: clang -g -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" int enzyme_dup;
template <typename T> T __enzyme_virtualreverse(T);

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

int main(int argc, char **argv) {
  Layer *l = new Layer(), *dl = new Layer();
  for (int i = 0; i < 4; i++) {
    l->w[i] = i + 1;
    dl->w[i] = 0;
  }
  if (argc < 2)
    *(void **)dl = __enzyme_virtualreverse(*(void **)dl);
  __enzyme_autodiff((void *)norm2, enzyme_dup, l, dl);
  int ok = 1;
  for (int i = 0; i < 4; i++)
    ok &= dl->w[i] == 2 * l->w[i];
  printf("%s\n", ok ? "ok" : "WRONG");
}
// CHECK: ok
