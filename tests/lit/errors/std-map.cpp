// std::map of active values is refused in one line (docs/modes.md, C++): libstdc++ walks
// and rebalances its red-black tree in compiled code (_Rb_tree_increment,
// _Rb_tree_insert_and_rebalance), which would have to do the same to the shadow tree.
// At -O0 the key strings' constructor is refused first (their addresses pass through
// libstdc++'s tuples, so every key keeps a shadow). Never a wrong number, and no output.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: not enzyme-opt %t0.ll -S -o %t0.out.ll 2>&1 | FileCheck %s --check-prefix=O0
// RUN: not test -e %t0.out.ll
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: not enzyme-opt %t2.ll -S -o %t2.out.ll 2>&1 | FileCheck %s
// RUN: not test -e %t2.out.ll
#include <cstdio>
#include <map>
#include <string>
extern "C" double __enzyme_autodiff(void *, double);

double ordered(double r) {
  std::map<std::string, double> m;
  m["x"] = r * r;
  m["y"] = 3 * r;
  double s = 0;
  for (auto &kv : m) s += kv.second * kv.second;
  return s;
}

int main() { std::printf("%g\n", __enzyme_autodiff((void *)ordered, 0.5)); }
// CHECK: enzyme-opt: error: in function @_Z7orderedd, {{.*}}no derivative is known for the external function @_ZSt18_Rb_tree_incrementPSt18_Rb_tree_node_base
// CHECK-NOT: error
// O0: enzyme-opt: error: in function @_Z7orderedd, {{.*}}std::__cxx11::basic_string{{.*}} is taken as inactive
