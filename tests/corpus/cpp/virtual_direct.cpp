// cpp/virtual_direct.cpp - virtual member functions on the active path where
// the C++ front end already knows the target and calls it directly at every
// optimization level: through a reference to a `final` class, through a
// qualified call (Base::eval), and on an object held by value. (A virtual
// call that stays indirect with active arguments is refused with a
// diagnostic: tests/lit/errors/cpp-virtual-call.cpp.) Both modes.
#include <cmath>
#include "cpp_harness.h"

extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_const;

struct Activation {
  virtual ~Activation() {}
  virtual double eval(double x) const { return x / (1 + std::fabs(x)); }  // softsign
};
struct Tanh final : Activation {
  double eval(double x) const override { return std::tanh(x); }
};
struct Scaled : Activation {
  double gain;
  explicit Scaled(double g) : gain(g) {}
  double eval(double x) const override { return gain * Activation::eval(x); }
};

// y = tanh(w x) through a final class, passed as a const reference (enzyme_const)
double neuron(const Tanh &act, double w, double x) { return act.eval(w * x); }

// a local object: the static type is the dynamic type, the call is direct;
// Scaled::eval itself makes a qualified (non-virtual) call to the base.
double two_layer(double w, double x) {
  Scaled s(1.5);
  Tanh t;
  return t.eval(s.eval(w * x) + 0.3 * w);
}

struct G2 { double dw, dx; };
extern "C" G2 __enzyme_autodiff2(void *, ...);

int main() {
  Tanh act;
  const double w = 0.8, x = -1.2;
  auto n_w = [&](double v) { return neuron(act, v, x); };
  auto n_x = [&](double v) { return neuron(act, w, v); };
  auto t_w = [&](double v) { return two_layer(v, x); };
  auto t_x = [&](double v) { return two_layer(w, v); };

  G2 g = __enzyme_autodiff2((void *)neuron, enzyme_const, &act, w, x);
  check("rev_neuron_dw", g.dw, corpus::fd1(n_w, w), TOL_D);
  check("rev_neuron_dx", g.dx, corpus::fd1(n_x, x), TOL_D);
  G2 h = __enzyme_autodiff2((void *)two_layer, w, x);
  check("rev_two_dw", h.dw, corpus::fd1(t_w, w), TOL_D);
  check("rev_two_dx", h.dx, corpus::fd1(t_x, x), TOL_D);

  check("fwd_neuron", __enzyme_fwddiff((void *)neuron, enzyme_const, &act, w,
                                       1.0, x, 0.5),
        corpus::fd1(n_w, w) + 0.5 * corpus::fd1(n_x, x), TOL_D);
  check("fwd_two", __enzyme_fwddiff((void *)two_layer, w, 0.0, x, 1.0),
        corpus::fd1(t_x, x), TOL_D);
  return 0;
}
