// C++: a class template, a class with a virtual destructor (its copies keep
// the personality its landingpads need), a member function called from the
// differentiated function; both modes, checked against finite differences.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <cmath>
#include <cstdio>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_const;
template <typename T> struct Poly {
  T c[3];
  T eval(T x) const { return c[0] + x * (c[1] + x * c[2]); }
};
struct Model {
  double w, b;
  virtual ~Model() {}
  double loss(const double *x, int n) const {
    double s = 0;
    for (int i = 0; i < n; i++) { double r = std::tanh(w * x[i] + b); s += r * r; }
    return s;
  }
};
double f(double x) { Poly<double> p{{1.0, 2.0, 3.0}}; return std::sin(p.eval(x)); }
double g(double w, const double *x) { Model m; m.w = w; m.b = 0.5; return m.loss(x, 4); }
static bool close(double a, double b) { return std::fabs(a - b) <= 1e-6 * std::fmax(1, std::fabs(b)); }
int main() {
  double x = 0.3, xs[4] = {0.1, 0.2, 0.3, 0.4};
  double df = __enzyme_autodiff((void *)f, x);
  double dg = __enzyme_autodiff((void *)g, 0.7, enzyme_const, xs);
  double tg = __enzyme_fwddiff((void *)g, 0.7, 1.0, enzyme_const, xs);
  double fd_f = (f(x + 1e-6) - f(x - 1e-6)) / 2e-6;
  double fd_g = (g(0.7 + 1e-6, xs) - g(0.7 - 1e-6, xs)) / 2e-6;
  std::printf("f %s\ng %s\ng-fwd %s\n", close(df, fd_f) ? "ok" : "WRONG",
              close(dg, fd_g) ? "ok" : "WRONG", close(tg, fd_g) ? "ok" : "WRONG");
  return 0;
}
// CHECK: f ok
// CHECK-NEXT: g ok
// CHECK-NEXT: g-fwd ok
