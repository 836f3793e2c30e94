// cpp/complex_struct.cpp - a user-written Complex value type with
// operator+, operator*, operator/ and a conjugate, passed and returned by
// value (two doubles: returned in registers), iterated as z <- z*z + c
// (a few Mandelbrot steps) and through a Moebius map. The differentiated
// functions take the real and imaginary parts as active doubles. Both modes.
#include <cmath>
#include "cpp_harness.h"

extern "C" double __enzyme_fwddiff(void *, ...);

struct Complex {
  double re, im;
  Complex operator+(Complex o) const { return {re + o.re, im + o.im}; }
  Complex operator*(Complex o) const {
    return {re * o.re - im * o.im, re * o.im + im * o.re};
  }
  Complex conj() const { return {re, -im}; }
  double abs2() const { return re * re + im * im; }
  Complex operator/(Complex o) const {
    Complex n = *this * o.conj();
    double d = o.abs2();
    return {n.re / d, n.im / d};
  }
};

// |z_4|^2 for z_0 = 0, z_{k+1} = z_k^2 + c
double mandel4(double cr, double ci) {
  Complex c{cr, ci}, z{0, 0};
  for (int k = 0; k < 4; k++)
    z = z * z + c;
  return z.abs2();
}

// Re((a z + 1) / (z + a)) with a = 0.5 + 0.25 i
double moebius_re(double zr, double zi) {
  Complex a{0.5, 0.25}, z{zr, zi}, one{1, 0};
  return ((a * z + one) / (z + a)).re;
}

struct G2 { double d0, d1; };
extern "C" G2 __enzyme_autodiff_2(void *, ...);

int main() {
  const double cr = 0.3, ci = -0.4, zr = 1.2, zi = 0.7;
  auto m_r = [&](double v) { return mandel4(v, ci); };
  auto m_i = [&](double v) { return mandel4(cr, v); };
  auto q_r = [&](double v) { return moebius_re(v, zi); };
  auto q_i = [&](double v) { return moebius_re(zr, v); };

  G2 g = __enzyme_autodiff_2((void *)mandel4, cr, ci);
  check("rev_mandel_dr", g.d0, corpus::fd1(m_r, cr), TOL_D);
  check("rev_mandel_di", g.d1, corpus::fd1(m_i, ci), TOL_D);
  G2 h = __enzyme_autodiff_2((void *)moebius_re, zr, zi);
  check("rev_moebius_dr", h.d0, corpus::fd1(q_r, zr), TOL_D);
  check("rev_moebius_di", h.d1, corpus::fd1(q_i, zi), TOL_D);

  check("fwd_mandel_dr", __enzyme_fwddiff((void *)mandel4, cr, 1.0, ci, 0.0),
        corpus::fd1(m_r, cr), TOL_D);
  check("fwd_moebius_di", __enzyme_fwddiff((void *)moebius_re, zr, 0.0, zi, 1.0),
        corpus::fd1(q_i, zi), TOL_D);
  return 0;
}
