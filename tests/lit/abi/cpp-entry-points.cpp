// C++ callers: the entry point is found by containment in the mangled name,
// as Enzyme does — the "Calling Convention" page's overloaded declarations
// (__enzyme_autodiffFloat / __enzyme_autodiffDouble) and the templated
// __enzyme_autodiff<double>(...) with markers passed as int values. The
// markers are defined (C++ `int enzyme_dup;`) and removed from the output.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: lli %t0.out.ll | FileCheck %s
// RUN: FileCheck --check-prefix=IR %s < %t0.out.ll
// RUN: not grep -E '__enzyme_autodiff|@enzyme_(dup|out|const)' %t0.out.ll
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o %t3.out.ll
// RUN: lli %t3.out.ll | FileCheck %s
// RUN: FileCheck --check-prefix=IR %s < %t3.out.ll
// RUN: not grep -E '__enzyme_autodiff|@enzyme_(dup|out|const)' %t3.out.ll
#include <cstdio>
int enzyme_dup, enzyme_out, enzyme_const;
template <typename T> T square(T x) { return x * x; }
float __enzyme_autodiffFloat(float (*)(float), float);
double __enzyme_autodiffDouble(double (*)(double), double);
template <typename RT, typename... Args> RT __enzyme_autodiff(void *, Args...);
double dot_scale(int n, double *x, double y) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * x[i] * y;
  return s;
}
int main() {
  // d/dx x^2 at 3: 6 (float and double overloads)
  printf("square %g %g\n", __enzyme_autodiffFloat(square<float>, 3.0f),
         __enzyme_autodiffDouble(square<double>, 3.0));
  double x[3] = {1, 2, 3}, dx[3] = {0, 0, 0};
  // f = y * sum x^2: df/dy = 14, df/dx = 2 y x = (5, 10, 15) at y = 2.5
  double dy = __enzyme_autodiff<double>((void *)dot_scale, enzyme_const, 3, enzyme_dup, x, dx,
                                        enzyme_out, 2.5);
  printf("template %g %g %g %g\n", dy, dx[0], dx[1], dx[2]);
}
// CHECK: square 6 6
// CHECK: template 14 5 10 15
// IR: define internal {{.*}}@diffe
// IR: define internal {{.*}}@diffe
