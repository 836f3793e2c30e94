// Forward mode through std::vector<double>::erase at -O0 in a module that keeps constant
// data by pointer in shadow memory (run-time activity on): erase moves the elements with
// std::__copy_move<…>::__copy_m<double>(double const*, double const*, double*), a memmove
// that at -O0 nothing near it types (no !tbaa, no load or store), so whether the memory held
// pointers was unknown and the copy was refused ("a copy of memory that may hold pointers,
// from data that may be constant"). The function's own signature says it moves doubles
// (analysis/types.signature_float_pointees). Found by the C++ pointer-shape fuzzer.
// d/dx of f at x = (1, 2, 3, 4): 0.5 0 4 3; the tangent along (1, 0, 1, 1): 7.5.
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
#include <cstdio>
#include <vector>
extern "C" {
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;
}
struct mix {
  const double *c;
  double *x;
};
__attribute__((noinline)) double use(const mix *m) { return m->c[0] * m->x[0]; }
double f(double *x, const double *c) {
  std::vector<double> v(x, x + 4);
  v.erase(v.begin() + 1);
  mix m = {c, x};
  return use(&m) + v[1] * v[2];
}
int main() {
  double x[4] = {1, 2, 3, 4}, dx[4] = {0}, c[1] = {0.5};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, c);
  std::printf("%g %g %g %g\n", dx[0], dx[1], dx[2], dx[3]);
  double t[4] = {1, 0, 1, 1};
  std::printf("tangent %g\n", __enzyme_fwddiff((void *)f, enzyme_dup, x, t, enzyme_const, c));
}
// CHECK: 0.5 0 4 3
// CHECK-NEXT: tangent 7.5
