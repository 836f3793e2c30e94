// cpp/std_complex.cpp - std::complex<double> arithmetic: libstdc++ builds
// it on C's _Complex double, so operator* and operator/ become compiler-rt
// calls (__muldc3, __divdc3) at -O0 and std::abs becomes cabs. A rational
// function of z = x + i y, its modulus and its real part. Both modes.
#include <cmath>
#include <complex>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_out, enzyme_const;

// |(z^2 + 1) / (z - w)| + Re(z^3 * conj(w)), w = 0.3 - 0.2 i
double rational(double x, double y) {
  std::complex<double> z(x, y), w(0.3, -0.2);
  std::complex<double> q = (z * z + 1.0) / (z - w);
  return std::abs(q) + std::real(z * z * z * std::conj(w));
}

int main() {
  const double x = 0.8, y = 0.45;
  auto r_x = [&](double v) { return rational(v, y); };
  auto r_y = [&](double v) { return rational(x, v); };
  check("rev_dx", __enzyme_autodiff((void *)rational, enzyme_out, x, enzyme_const, y),
        corpus::fd1(r_x, x), TOL_D);
  check("rev_dy", __enzyme_autodiff((void *)rational, enzyme_const, x, enzyme_out, y),
        corpus::fd1(r_y, y), TOL_D);
  check("fwd_dir", __enzyme_fwddiff((void *)rational, x, 1.0, y, -2.0),
        corpus::fd1(r_x, x) - 2.0 * corpus::fd1(r_y, y), TOL_D);
  return 0;
}
