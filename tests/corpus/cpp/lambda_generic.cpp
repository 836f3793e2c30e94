// cpp/lambda_generic.cpp - more lambdas: a generic lambda ([](auto v)) used
// at double, a lambda capturing by reference that mutates its captured
// accumulator, passed by forwarding reference to a template loop helper,
// a lambda returning a lambda (a closure stored in a closure), and an
// immediately invoked lambda initialising a const. Both modes.
#include <cmath>
#include "cpp_harness.h"

extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_out, enzyme_const;

template <class F> void for_each_index(int n, F &&f) {
  for (int i = 0; i < n; i++)
    f(i);
}

double model(double a, double b, int n) {
  auto sq = [](auto v) { return v * v; };
  double acc = 0;
  for_each_index(n, [&](int i) { acc += sq(a * i - b) / (1 + i); });
  auto make_gauss = [](double width) {
    return [width](double t) { return std::exp(-t * t / width); };
  };
  auto g = make_gauss(a + 2.0);
  const double bias = [&] { return b > 0 ? std::sqrt(b) : -b; }();
  return acc + g(b) * bias;
}

struct G2 { double da, db; };
extern "C" G2 __enzyme_autodiff2(void *, ...);

int main() {
  const double a = 0.4, b = 1.6;
  const int n = 7;
  auto m_a = [&](double v) { return model(v, b, n); };
  auto m_b = [&](double v) { return model(a, v, n); };
  G2 g = __enzyme_autodiff2((void *)model, enzyme_out, a, enzyme_out, b, enzyme_const, n);
  check("rev_da", g.da, corpus::fd1(m_a, a), TOL_D);
  check("rev_db", g.db, corpus::fd1(m_b, b), TOL_D);
  check("fwd_dir", __enzyme_fwddiff((void *)model, enzyme_dup, a, 1.0, enzyme_dup, b, 0.5, enzyme_const, n),
        corpus::fd1(m_a, a) + 0.5 * corpus::fd1(m_b, b), TOL_D);
  return 0;
}
