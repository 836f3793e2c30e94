// Debug information that refers back to itself in cycles — a compile unit lists its
// globals and each global's variable names the unit as its scope; a class with a
// vtable is its own vtable holder and its members' scope — came back from LLVM's
// simplification of the functions to differentiate as a second copy of the compile
// unit (and of the class), which !llvm.dbg.cu does not list: LLVM then dropped the
// module's debug information ("DICompileUnit not listed in llvm.dbg.cu … ignoring
// invalid debug info"), at -O0 -g. Each node must map back to its own.
// RUN: clang -g -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: FileCheck %s < %t0.out.ll
// RUN: lli %t0.out.ll 2>&1 | FileCheck %s --check-prefix=RUN-OK
// RUN: clang -g -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: FileCheck %s < %t2.out.ll
#include <cstdio>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" int enzyme_dup;
template <typename T> T __enzyme_virtualreverse(T);

int calls;  // a global with debug info: the unit lists it, it names the unit

struct Layer {
  double w[2];
  virtual ~Layer() {}
  virtual double energy() const { return w[0] * w[0] + 3 * w[1]; }
};

double total(const Layer *l) {
  calls++;
  return l->energy();
}

int main() {
  Layer l, dl;
  l.w[0] = 1.5;
  l.w[1] = 2;
  dl.w[0] = dl.w[1] = 0;
  *(void **)&dl = __enzyme_virtualreverse(*(void **)&dl);
  __enzyme_autodiff((void *)total, enzyme_dup, &l, &dl);
  std::printf("%s %g %g\n", dl.w[0] == 3 && dl.w[1] == 3 ? "ok" : "WRONG", dl.w[0], dl.w[1]);
}
// QUIET-NOT: {{.}}
// CHECK-COUNT-1: distinct !DICompileUnit(
// CHECK-NOT: distinct !DICompileUnit(
// RUN-OK-NOT: invalid debug info
// RUN-OK: ok 3 3
