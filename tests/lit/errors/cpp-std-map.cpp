// A std::map holding active values: walking it calls libstdc++'s
// _Rb_tree_increment, whose body is in the shared library, not in the
// module; refused naming that function, at -O0 and -O2.
// RUN: clang -O0 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
#include <map>
extern "C" double __enzyme_autodiff(void *, ...);

double sum_squares(double x) {
  std::map<int, double> m;
  for (int i = 0; i < 4; i++)
    m[i] = x * i;
  double s = 0;
  for (auto &kv : m)
    s += kv.second * kv.second;
  return s;
}

double grad(double x) { return __enzyme_autodiff((void *)sum_squares, x); }

// CHECK: {{^}}enzyme-opt: error: in function @{{.*}}: no derivative is known for the external function @_ZSt18_Rb_tree_incrementPSt18_Rb_tree_node_base (its body is not in this module){{$}}
