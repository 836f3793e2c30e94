// cpp/function_templates.cpp - function templates instantiated for float and
// double, a recursive template over an int parameter, and the entry points
// declared the way Enzyme's "Calling Convention" page does for C++: plain
// (mangled, overloaded) prototypes, one per signature, with no markers at all.
#include <cmath>
#include "cpp_harness.h"

template <typename T> T square(T x) { return x * x; }

// x^N by recursive instantiation: x^0 = 1, x^N = x * x^(N-1)
template <int N> double ipow(double x) { return x * ipow<N - 1>(x); }
template <> double ipow<0>(double) { return 1.0; }

template <typename T> T smooth_step(T x) {
  T s = square(x) * (T(3) - T(2) * x);
  return s + T(0.25) * std::sin(square<T>(x) + x);
}

double quintic_plus(double x) { return ipow<5>(x) - 3.0 * ipow<2>(x) + smooth_step(x); }

// Overloaded prototypes, C++ linkage: their mangled names contain the entry
// point name (e.g. _Z23__enzyme_autodiffDoublePFddEd).
double __enzyme_autodiffDouble(double (*)(double), double);
float __enzyme_autodiffFloat(float (*)(float), float);
double __enzyme_fwddiff(double (*)(double), double, double);
float __enzyme_fwddiff(float (*)(float), float, float);

int main() {
  const double x = 0.7;
  const float xf = 0.45f;
  double ref_sq = 2 * x, ref_q = corpus::fd1(quintic_plus, x);
  double ref_ss = corpus::fd1(smooth_step<double>, x);
  double ref_ssf = corpus::fd1f(smooth_step<float>, xf);

  check("rev_square_d", __enzyme_autodiffDouble(square<double>, x), ref_sq, TOL_D);
  check("rev_square_f", __enzyme_autodiffFloat(square<float>, xf), 2 * xf, TOL_F);
  check("rev_quintic", __enzyme_autodiffDouble(quintic_plus, x), ref_q, TOL_D);
  check("rev_smooth_d", __enzyme_autodiffDouble(smooth_step<double>, x), ref_ss, TOL_D);
  check("rev_smooth_f", __enzyme_autodiffFloat(smooth_step<float>, xf), ref_ssf, TOL_F);

  check("fwd_square_d", __enzyme_fwddiff(square<double>, x, 1.0), ref_sq, TOL_D);
  check("fwd_quintic", __enzyme_fwddiff(quintic_plus, x, 2.0), 2 * ref_q, TOL_D);
  check("fwd_smooth_d", __enzyme_fwddiff(smooth_step<double>, x, 1.0), ref_ss, TOL_D);
  check("fwd_smooth_f", __enzyme_fwddiff(smooth_step<float>, xf, 1.0f), ref_ssf, TOL_F);
  return 0;
}
