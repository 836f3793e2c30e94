// cpp/struct_return.cpp - small structs returned by value from helpers:
// a pair of doubles (returned in two registers), a struct of three doubles
// (returned through a hidden sret pointer), a struct mixing an int and a
// double, and std::pair from a helper. The differentiated functions combine
// the fields into a scalar. Both modes.
#include <cmath>
#include <utility>
#include "cpp_harness.h"

extern "C" double __enzyme_fwddiff(void *, ...);

struct SinCos { double s, c; };
struct Stats { double mean, var, max; };
struct Tagged { int steps; double value; };

SinCos sincos_of(double t) { return {std::sin(t), std::cos(t)}; }

Stats stats_of(const double *v, int n) {
  Stats st{0, 0, v[0]};
  for (int i = 0; i < n; i++) {
    st.mean += v[i] / n;
    st.max = std::fmax(st.max, v[i]);
  }
  for (int i = 0; i < n; i++)
    st.var += (v[i] - st.mean) * (v[i] - st.mean) / n;
  return st;
}

// Newton steps for sqrt(a): the count is an int field, the root a double
Tagged newton_sqrt(double a) {
  Tagged t{0, a > 1 ? a : 1.0};
  while (std::fabs(t.value * t.value - a) > 1e-14 * a && t.steps < 50) {
    t.value = 0.5 * (t.value + a / t.value);
    t.steps++;
  }
  return t;
}

std::pair<double, double> minmax_pair(double a, double b) {
  return a < b ? std::make_pair(a, b) : std::make_pair(b, a);
}

double combine(double t, double a) {
  SinCos sc = sincos_of(t * a);
  double v[4] = {sc.s, sc.c, t, a * a};
  Stats st = stats_of(v, 4);
  Tagged r = newton_sqrt(a + t * t);
  std::pair<double, double> mm = minmax_pair(sc.s * a, sc.c + t);
  return st.mean * st.var + st.max + r.value * sc.c + mm.first - 2 * mm.second;
}

struct G2 { double dt, da; };
extern "C" G2 __enzyme_autodiff2(void *, ...);

int main() {
  const double t = 0.6, a = 1.9;
  auto c_t = [&](double v) { return combine(v, a); };
  auto c_a = [&](double v) { return combine(t, v); };
  G2 g = __enzyme_autodiff2((void *)combine, t, a);
  // Newton's converged root is differentiated through its iterations: its
  // derivative is accurate to the iteration's tolerance, well below TOL_D
  check("rev_dt", g.dt, corpus::fd1(c_t, t), TOL_D);
  check("rev_da", g.da, corpus::fd1(c_a, a), TOL_D);
  check("fwd_dt", __enzyme_fwddiff((void *)combine, t, 1.0, a, 0.0), corpus::fd1(c_t, t), TOL_D);
  check("fwd_da", __enzyme_fwddiff((void *)combine, t, 0.0, a, 1.0), corpus::fd1(c_a, a), TOL_D);
  return 0;
}
