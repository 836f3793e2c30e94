// cpp/class_template.cpp - a class template over the scalar type and the
// degree, Poly<T, N>: Horner evaluation in a const operator(), a member
// template returning the derivative polynomial Poly<T, N-1> by value, and
// instantiations for double and float. Differentiated with respect to the
// evaluation point and (through a pointer to the object, dup) its
// coefficients. Both modes.
#include <cmath>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_out;
float __enzyme_autodiff(float (*)(float), float);
float __enzyme_fwddiff(float (*)(float), float, float);

template <typename T, int N> struct Poly {
  T c[N + 1];  // c[0] + c[1] x + ... + c[N] x^N
  T operator()(T x) const {
    T r = c[N];
    for (int k = N - 1; k >= 0; k--)
      r = r * x + c[k];
    return r;
  }
  Poly<T, N - 1> derivative() const {
    Poly<T, N - 1> d;
    for (int k = 1; k <= N; k++)
      d.c[k - 1] = T(k) * c[k];
    return d;
  }
};

// p(x) * p'(x) + sin(p(x)) for a quartic p given by pointer
double energy(const Poly<double, 4> *p, double x) {
  double v = (*p)(x);
  return v * p->derivative()(x) + std::sin(v);
}

// the same in float, with fixed coefficients
float energy_f(float x) {
  Poly<float, 3> p = {{0.5f, -1.0f, 0.25f, 0.125f}};
  float v = p(x);
  return v * p.derivative()(x) + std::sin(v);
}

int main() {
  Poly<double, 4> p = {{0.3, -0.8, 0.5, 0.1, -0.05}};
  const double x = 1.2;
  double q[6];
  for (int k = 0; k < 5; k++) q[k] = p.c[k];
  q[5] = x;
  auto eval = [](const double *z) {
    Poly<double, 4> pp = {{z[0], z[1], z[2], z[3], z[4]}};
    return energy(&pp, z[5]);
  };

  Poly<double, 4> dp = {{0, 0, 0, 0, 0}};
  double dx = __enzyme_autodiff((void *)energy, enzyme_dup, &p, &dp, enzyme_out, x);
  for (int k = 0; k < 5; k++)
    checki("rev_dc", k, dp.c[k], corpus::fdp(eval, q, 6, k), TOL_D);
  check("rev_dx", dx, corpus::fdp(eval, q, 6, 5), TOL_D);

  Poly<double, 4> tp = {{1, 0, -1, 0, 2}};
  double v[6] = {1, 0, -1, 0, 2, 0.5};
  check("fwd_dir", __enzyme_fwddiff((void *)energy, enzyme_dup, &p, &tp, x, 0.5),
        corpus::fdp_dir(eval, q, v, 6), TOL_D);

  const float xf = 0.7f;
  check("rev_float", __enzyme_autodiff(energy_f, xf), corpus::fd1f(energy_f, xf), TOL_F);
  check("fwd_float", __enzyme_fwddiff(energy_f, xf, 1.0f), corpus::fd1f(energy_f, xf), TOL_F);
  return 0;
}
