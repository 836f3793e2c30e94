// cpp/functor_ode.cpp - a function object with active state passed to a
// templated solver: template<class Rhs> rk4(Rhs f, y0, t1, steps) integrates
// y' = f(t, y) with classic Runge-Kutta; the functor Logistic holds the
// growth rate and capacity as members, set from active arguments. The
// derivative of y(t1) with respect to the rate, the capacity and y0 is
// checked against finite differences. Both modes.
#include <cmath>
#include "cpp_harness.h"

extern "C" double __enzyme_fwddiff(void *, ...);

struct Logistic {
  double rate, capacity;
  double operator()(double t, double y) const {
    return rate * y * (1.0 - y / capacity) + 0.1 * std::sin(t);
  }
};

template <class Rhs> double rk4(const Rhs &f, double y, double t1, int steps) {
  double h = t1 / steps, t = 0;
  for (int i = 0; i < steps; i++) {
    double k1 = f(t, y);
    double k2 = f(t + h / 2, y + h / 2 * k1);
    double k3 = f(t + h / 2, y + h / 2 * k2);
    double k4 = f(t + h, y + h * k3);
    y += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
    t += h;
  }
  return y;
}

double population(double rate, double capacity, double y0) {
  Logistic f{rate, capacity};
  return rk4(f, y0, 2.0, 40);
}

struct G3 { double drate, dcap, dy0; };
extern "C" G3 __enzyme_autodiff3(void *, ...);

int main() {
  double p[3] = {1.3, 5.0, 0.4};
  auto eval = [](const double *q) { return population(q[0], q[1], q[2]); };
  G3 g = __enzyme_autodiff3((void *)population, p[0], p[1], p[2]);
  check("rev_drate", g.drate, corpus::fdp(eval, p, 3, 0), TOL_D);
  check("rev_dcap", g.dcap, corpus::fdp(eval, p, 3, 1), TOL_D);
  check("rev_dy0", g.dy0, corpus::fdp(eval, p, 3, 2), TOL_D);
  double v[3] = {1.0, -0.2, 2.0};
  check("fwd_dir", __enzyme_fwddiff((void *)population, p[0], v[0], p[1], v[1], p[2], v[2]),
        corpus::fdp_dir(eval, p, v, 3), TOL_D);
  return 0;
}
