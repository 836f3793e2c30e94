// cpp/lambda_integrate.cpp - lambdas passed to templated helpers: a
// composite Simpson rule template<class F> integrate(F f, a, b, n) called
// with a lambda capturing an active parameter by value, and one capturing a
// local by reference. The upper limit is active too, so the step width
// carries a derivative. Both modes; the templated entry point of Enzyme's
// docs (__enzyme_autodiff<double>(...)) with markers defined as ints.
#include <cmath>
#include "cpp_harness.h"

int enzyme_dup, enzyme_out, enzyme_const;
template <typename RT, typename... Args> RT __enzyme_autodiff(void *, Args...);
template <typename RT, typename... Args> RT __enzyme_fwddiff(void *, Args...);

template <class F> double integrate(F f, double a, double b, int n) {
  double h = (b - a) / n;
  double s = f(a) + f(b);
  for (int i = 1; i < n; i++)
    s += (i % 2 ? 4.0 : 2.0) * f(a + i * h);
  return s * h / 3.0;
}

// A(k, b) = int_0^b exp(-k t^2) dt
double gauss_area(double k, double b) {
  return integrate([k](double t) { return std::exp(-k * t * t); }, 0.0, b, 32);
}

// B(w, b) = int_0^b w sin(w t) (1 + t) dt, the lambda reading w by reference
double weighted(double w, double b) {
  double scale = w;
  auto g = [&](double t) { return scale * std::sin(w * t) * (1.0 + t); };
  return integrate(g, 0.0, b, 16);
}

int main() {
  const double k = 0.9, b = 1.3, w = 2.1;
  auto a_k = [&](double v) { return gauss_area(v, b); };
  auto a_b = [&](double v) { return gauss_area(k, v); };
  auto w_w = [&](double v) { return weighted(v, b); };
  auto w_b = [&](double v) { return weighted(w, v); };

  double dk = __enzyme_autodiff<double>((void *)gauss_area, enzyme_out, k,
                                        enzyme_const, b);
  check("rev_gauss_dk", dk, corpus::fd1(a_k, k), TOL_D);
  double db = __enzyme_autodiff<double>((void *)gauss_area, enzyme_const, k,
                                        enzyme_out, b);
  check("rev_gauss_db", db, corpus::fd1(a_b, b), TOL_D);
  double dw = __enzyme_autodiff<double>((void *)weighted, enzyme_out, w,
                                        enzyme_const, b);
  check("rev_weighted_dw", dw, corpus::fd1(w_w, w), TOL_D);

  double t1 = __enzyme_fwddiff<double>((void *)gauss_area, enzyme_dup, k, 1.0,
                                       enzyme_dup, b, 0.5);
  check("fwd_gauss_dir", t1, corpus::fd1(a_k, k) + 0.5 * corpus::fd1(a_b, b), TOL_D);
  double t2 = __enzyme_fwddiff<double>((void *)weighted, enzyme_dup, w, 0.0,
                                       enzyme_dup, b, 1.0);
  check("fwd_weighted_db", t2, corpus::fd1(w_b, b), TOL_D);
  return 0;
}
