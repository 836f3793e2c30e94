// Regression (found by the fuzzer's batched-reverse check, C++ seeds 5007, 5030, 5060, 5079,
// 5091 at -O2: a crash, or a wrong gradient): std::vector::resize(n, v) at enzyme_width 2.
// A value recorded once at a loop's exits (hoisted) was also read from its slot by the
// inverse of a block outside that loop, which runs before any exit's inverse has written
// the slot: _M_fill_insert's memmove adjoint got an uninitialised byte count. The slot is
// now read only inside the loop; elsewhere the value comes from the block's own record or
// is rebuilt. -O1 and -O2 (width 1 too).
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
#include <vector>
#include <cstdio>
extern "C" { extern int enzyme_width, enzyme_dupv, enzyme_const;
void __enzyme_autodiff(void *, ...); }
double f(double *x, int n) {
  std::vector<double> v(x, x + 3);
  v.resize(n, -0.6);
  v.emplace_back(x[1] * x[2]);
  double s = 0;
  for (double e : v) s += e * e;
  return s;
}
int main() {
  double x[3] = {1, 2, 3}, dx[2][3] = {{0}};
  __enzyme_autodiff((void *)f, enzyme_width, 2, enzyme_dupv, sizeof dx[0], x, dx, enzyme_const, 4, 1.0, 2.0);
  for (int l = 0; l < 2; l++) printf("%g %g %g\n", dx[l][0], dx[l][1], dx[l][2]);
  double g[3] = {0};
  __enzyme_autodiff((void *)f, x, g, enzyme_const, 4);
  printf("width 1: %g %g %g\n", g[0], g[1], g[2]);
}
// s = x0² + x1² + x2² + 0.36 + (x1 x2)², seeds 1 and 2:
// CHECK: 2 40 30
// CHECK-NEXT: 4 80 60
// CHECK-NEXT: width 1: 2 40 30
