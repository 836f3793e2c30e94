// cpp/cmath_std.cpp - <cmath> as C++ users call it: std::-qualified
// functions, the float overloads (std::sin(float) is sinf), std::pow with an
// int exponent (promoted to a double pow), std::hypot, std::atan2, std::fma,
// std::cbrt, std::erf, std::log1p, std::fmin/std::fmax. Double functions of
// two arguments and float functions of one; both modes.
#include <cmath>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_out, enzyme_const;
// float versions with exact prototypes (no promotion through "...")
float __enzyme_autodiff_float(float (*)(float), float);
float __enzyme_fwddiff_float(float (*)(float), float, float);

double trig(double x, double y) { return std::sin(x) * std::cos(y) + std::atan2(y, x) + std::tan(0.3 * x); }
double expo(double x, double y) { return std::exp(x * y) + std::log(x) * std::pow(y, 3) + std::log1p(y * y); }
double roots(double x, double y) { return std::sqrt(x) + std::cbrt(y) + std::hypot(x, y) + std::pow(x, y); }
double special(double x, double y) { return std::erf(x) * std::tanh(y) + std::fma(x, y, std::exp2(x)) + std::asinh(y); }
double minmax(double x, double y) { return std::fmax(x, y) * std::fmin(x * x, y) + std::fabs(y - 2 * x); }

float trig_f(float x) { return std::sin(x) * std::cos(2.0f * x) + std::atan(x); }
float expo_f(float x) { return std::exp(-x * x) + std::log(1.0f + x) + std::pow(x, 2.5f); }

// The function is a template argument, so each instantiation's Enzyme calls
// name a known function (a runtime table of function pointers would not).
template <double (*F)(double, double)> void check_both(const char *name) {
  const double x = 0.85, y = 1.3;
  double rx = corpus::fd1([&](double v) { return F(v, y); }, x);
  double ry = corpus::fd1([&](double v) { return F(x, v); }, y);
  char label[64];
  snprintf(label, sizeof label, "rev_%s_dx", name);
  check(label, __enzyme_autodiff((void *)F, enzyme_out, x, enzyme_const, y), rx, TOL_D);
  snprintf(label, sizeof label, "rev_%s_dy", name);
  check(label, __enzyme_autodiff((void *)F, enzyme_const, x, enzyme_out, y), ry, TOL_D);
  snprintf(label, sizeof label, "fwd_%s", name);
  check(label, __enzyme_fwddiff((void *)F, x, 1.0, y, -1.0), rx - ry, TOL_D);
}

int main() {
  check_both<trig>("trig");
  check_both<expo>("expo");
  check_both<roots>("roots");
  check_both<special>("special");
  check_both<minmax>("minmax");
  const float xf = 0.6f;
  check("rev_trig_f", __enzyme_autodiff_float(trig_f, xf), corpus::fd1f(trig_f, xf), TOL_F);
  check("rev_expo_f", __enzyme_autodiff_float(expo_f, xf), corpus::fd1f(expo_f, xf), TOL_F);
  check("fwd_trig_f", __enzyme_fwddiff_float(trig_f, xf, 1.0f), corpus::fd1f(trig_f, xf), TOL_F);
  check("fwd_expo_f", __enzyme_fwddiff_float(expo_f, xf, 1.0f), corpus::fd1f(expo_f, xf), TOL_F);
  return 0;
}
