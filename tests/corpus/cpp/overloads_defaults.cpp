// cpp/overloads_defaults.cpp - overloaded functions and default arguments:
// the overload to differentiate is picked with a static_cast to its function
// pointer type (as users must, since (void *)f is ambiguous), an overload
// taking an int selects a different formula, default arguments fill in the
// rest, and a static member function is differentiated through &Class::fn.
// Both modes.
#include <cmath>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_const, enzyme_out, enzyme_dup;

double energy(double x, double k = 2.0, double x0 = 0.5) { return 0.5 * k * (x - x0) * (x - x0); }
double energy(double x, int order) { return std::pow(x, order) / order; }
double energy(double x, double y, double k, double x0) {
  return energy(x, k, x0) + energy(y, 3) + energy(x * y);
}

struct Model {
  static double loss(double w, double b = 0.25) { return std::log1p(w * w) + energy(w + b, 3); }
};

using Fn4 = double (*)(double, double, double, double);

int main() {
  const double x = 1.3, y = -0.6, k = 1.7, x0 = 0.2;
  Fn4 f4 = static_cast<Fn4>(energy);
  auto e_x = [&](double v) { return energy(v, y, k, x0); };
  auto e_y = [&](double v) { return energy(x, v, k, x0); };
  auto e_k = [&](double v) { return energy(x, y, v, x0); };

  check("rev_dx", __enzyme_autodiff((void *)f4, enzyme_out, x, enzyme_const, y,
                                    enzyme_const, k, enzyme_const, x0),
        corpus::fd1(e_x, x), TOL_D);
  check("rev_dk", __enzyme_autodiff((void *)f4, enzyme_const, x, enzyme_const, y,
                                    enzyme_out, k, enzyme_const, x0),
        corpus::fd1(e_k, k), TOL_D);
  check("fwd_dy", __enzyme_fwddiff((void *)f4, enzyme_dup, x, 0.0, enzyme_dup, y, 1.0,
                                   enzyme_const, k, enzyme_const, x0),
        corpus::fd1(e_y, y), TOL_D);

  // the int overload alone: d/dx x^5/5 = x^4 (the int is inactive by default)
  auto f_int = static_cast<double (*)(double, int)>(energy);
  check("rev_int_overload", __enzyme_autodiff((void *)f_int, x, 5), std::pow(x, 4), TOL_D);
  check("fwd_int_overload", __enzyme_fwddiff((void *)f_int, x, 1.0, 5), std::pow(x, 4), TOL_D);

  // a static member function: its default argument is supplied by the caller
  const double w = 0.9, b = 0.25;
  auto m_w = [&](double v) { return Model::loss(v); };
  check("rev_static_member", __enzyme_autodiff((void *)&Model::loss, w, enzyme_const, b),
        corpus::fd1(m_w, w), TOL_D);
  check("fwd_static_member", __enzyme_fwddiff((void *)&Model::loss, w, 1.0, enzyme_const, b),
        corpus::fd1(m_w, w), TOL_D);
  return 0;
}
