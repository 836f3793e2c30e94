// The calls Enzyme's C++ header <enzyme/enzyme> emits, written out by hand (the header is
// Enzyme's and not in this repository; cpp-header.cpp runs the real one when it is
// installed): the return's activity (&enzyme_active_return, &enzyme_dup_return,
// &enzyme_const_return) and whether the primal is returned (&enzyme_primal_return,
// &enzyme_noret) passed as pointers to the globals, then each argument's marker and
// value, then enzyme_interleave and the shadows; results in structs (the header's
// enzyme::tuple, primal first), through the call's sret memory when they are not
// trivially copyable; a struct argument; a target returning through sret; and, at -O0,
// markers that reach the call through stack slots (the header copies them into tuples).
// Checked against analytic derivatives at -O0..-O3, in the plain flow and Enzyme's
// clang-plugin flow (-Xclang -disable-llvm-passes | enzyme-opt -O<n>).
// RUN: clang -std=c++17 -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: clang -O0 %t0.out.ll -o %t0 -lm -lstdc++
// RUN: %t0 | FileCheck %s
// RUN: not grep -E '__enzyme_|@enzyme_(dup|out|const|interleave|noret|[a-z]+_return)\b' %t0.out.ll
// RUN: clang -std=c++17 -O0 -Xclang -disable-llvm-passes -S -emit-llvm %s -o - | enzyme-opt -O0 - -S -o %t0p.ll
// RUN: clang -O0 %t0p.ll -o %t0p -lm -lstdc++
// RUN: %t0p | FileCheck %s
// RUN: clang -std=c++17 -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t1.ll
// RUN: clang -O1 %t1.ll -o %t1 -lm -lstdc++
// RUN: %t1 | FileCheck %s
// RUN: clang -std=c++17 -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o - | enzyme-opt -O2 - -S -o %t2.ll
// RUN: clang -O2 %t2.ll -o %t2 -lm -lstdc++
// RUN: %t2 | FileCheck %s
// RUN: clang -std=c++17 -O3 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t3.ll
// RUN: clang -O3 %t3.ll -o %t3 -lm -lstdc++
// RUN: %t3 | FileCheck %s
#include <cmath>
#include <cstdio>
#include <vector>

extern int enzyme_dup, enzyme_dupnoneed, enzyme_out, enzyme_const, enzyme_interleave;
extern int enzyme_const_return, enzyme_active_return, enzyme_dup_return;
extern int enzyme_primal_return, enzyme_noret;
template <typename Return, typename... T> Return __enzyme_autodiff(T...);
template <typename Return, typename... T> Return __enzyme_fwddiff(T...);

struct D1 { double d; };
struct D2 { double a, b; };
struct WithPrimal { double primal; D1 deriv; };
struct Pair { double x, y; };
struct Vec { std::vector<double> v; };                 // not trivially copyable: sret
struct Vec2 { std::vector<double> primal, shadow; };
struct Big { double a[4]; };                           // 32 bytes: returned through sret

double f(double x, double y) { return x * x * y; }
double g(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += std::sin(v[i]) * v[i];
  return s;
}
double h(Pair p) { return p.x * std::exp(p.y); }
double p(int n, double x) { return n * x * x; }
std::vector<double> scale(const std::vector<double> &v) {
  std::vector<double> r(v.size());
  for (size_t i = 0; i < v.size(); i++) r[i] = 3 * v[i] * v[i];
  return r;
}
Big powers(double x) { return Big{{x, x * x, x * x * x, std::sqrt(x)}}; }

// The header's enzyme::tuple: the marker and the value copied into a struct; inlined at
// -O0, the call reads both back from the stack.
struct Marked { int marker; double value; };
__attribute__((always_inline)) inline Marked active(double v) { return Marked{enzyme_out, v}; }
__attribute__((always_inline)) inline D1 grad_p(int n, Marked x) {
  Marked n_as{enzyme_const, 0};
  return __enzyme_autodiff<D1>((void *)p, &enzyme_active_return, &enzyme_noret, n_as.marker, n,
                               x.marker, x.value, enzyme_interleave);
}

int main() {
  double x = 1.5, y = -0.5;
  D2 d = __enzyme_autodiff<D2>((void *)f, &enzyme_active_return, &enzyme_noret, enzyme_out, x,
                               enzyme_out, y, enzyme_interleave);
  // CHECK: reverse 1.5 2.25 ok
  std::printf("reverse %g %g %s\n", -d.a, d.b, d.a == 2 * x * y && d.b == x * x ? "ok" : "BAD");

  WithPrimal w = __enzyme_autodiff<WithPrimal>((void *)f, &enzyme_active_return,
                                               &enzyme_primal_return, enzyme_out, x,
                                               enzyme_const, y, enzyme_interleave);
  // CHECK: with primal -1.125 -1.5
  std::printf("with primal %g %g\n", w.primal, w.deriv.d);

  double v[3] = {0.3, -1.2, 2.0}, dv[3] = {0, 0, 0};
  __enzyme_autodiff<void>((void *)g, &enzyme_active_return, &enzyme_noret, enzyme_dup, v,
                          enzyme_const, 3, enzyme_interleave, dv);
  bool dup_ok = true;
  for (int i = 0; i < 3; i++)
    dup_ok &= std::fabs(dv[i] - (std::cos(v[i]) * v[i] + std::sin(v[i]))) < 1e-12;
  // CHECK: duplicated ok
  std::printf("duplicated %s\n", dup_ok ? "ok" : "BAD");

  Pair pr{2.0, 0.5}, dpr{1.0, -3.0};
  double t = __enzyme_fwddiff<double>((void *)h, &enzyme_dup_return, &enzyme_noret, enzyme_dup,
                                      pr, enzyme_interleave, dpr);
  // dh = exp(y) dx + x exp(y) dy = exp(0.5) (1 - 6)
  // CHECK: struct tangent ok
  std::printf("struct tangent %s\n", std::fabs(t + 5 * std::exp(0.5)) < 1e-12 ? "ok" : "BAD");

  D2 both = __enzyme_fwddiff<D2>((void *)f, &enzyme_dup_return, &enzyme_primal_return,
                                 enzyme_dup, x, enzyme_const, y, enzyme_interleave, 1.0);
  // CHECK: forward -1.125 -1.5
  std::printf("forward %g %g\n", both.a, both.b);
  D1 only = __enzyme_fwddiff<D1>((void *)f, &enzyme_const_return, &enzyme_primal_return,
                                 enzyme_dup, x, enzyme_const, y, enzyme_interleave, 1.0);
  // CHECK: constant return -1.125
  std::printf("constant return %g\n", only.d);

  std::vector<double> in{1.0, -2.0}, din{0.5, 0.25};
  Vec dres = __enzyme_fwddiff<Vec>((void *)scale, &enzyme_dup_return, &enzyme_noret, enzyme_dup,
                                   &in, enzyme_interleave, &din);
  Vec2 pair = __enzyme_fwddiff<Vec2>((void *)scale, &enzyme_dup_return, &enzyme_primal_return,
                                     enzyme_dup, &in, enzyme_interleave, &din);
  // d(3 v²) = 6 v dv
  // CHECK: sret tangent 3 -3 primal 3 12 tangent 3 -3
  std::printf("sret tangent %g %g primal %g %g tangent %g %g\n", dres.v[0], dres.v[1],
              pair.primal[0], pair.primal[1], pair.shadow[0], pair.shadow[1]);

  Big seed{{1.0, 2.0, 0.5, -4.0}};
  D1 db = __enzyme_autodiff<D1>((void *)powers, &seed, enzyme_out, 4.0);
  // 1 + 2·2x + 0.5·3x² - 4/(2√x) at 4: 1 + 16 + 24 - 1
  // CHECK: sret adjoint 40
  std::printf("sret adjoint %g\n", db.d);

  // CHECK: through the stack 3
  D1 dp = grad_p(3, active(0.5));
  std::printf("through the stack %g\n", dp.d);
}
