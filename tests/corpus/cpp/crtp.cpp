// cpp/crtp.cpp - static polymorphism with the curiously recurring template
// pattern: Kernel<Derived>::sum() calls static_cast<const Derived*>(this)->
// at(i), so each "override" is a direct call resolved at compile time
// (no vtable), and the base template is instantiated once per kernel.
// The kernels read active parameters from their members. Both modes.
#include <cmath>
#include "cpp_harness.h"

extern "C" double __enzyme_fwddiff(void *, ...);

template <class Derived> struct Kernel {
  double sum(int n) const {
    double s = 0;
    for (int i = 0; i < n; i++)
      s += static_cast<const Derived *>(this)->at(0.25 * i);
    return s;
  }
};
struct Gaussian : Kernel<Gaussian> {
  double width;
  double at(double t) const { return std::exp(-t * t / width); }
};
struct Cauchy : Kernel<Cauchy> {
  double scale;
  double at(double t) const { return scale / (scale * scale + t * t); }
};

double mix(double w, double s) {
  Gaussian g;
  g.width = w;
  Cauchy c;
  c.scale = s;
  return g.sum(8) * c.sum(5);
}

struct G2 { double dw, ds; };
extern "C" G2 __enzyme_autodiff2(void *, ...);

int main() {
  const double w = 1.7, s = 0.6;
  auto m_w = [&](double v) { return mix(v, s); };
  auto m_s = [&](double v) { return mix(w, v); };
  G2 g = __enzyme_autodiff2((void *)mix, w, s);
  check("rev_dw", g.dw, corpus::fd1(m_w, w), TOL_D);
  check("rev_ds", g.ds, corpus::fd1(m_s, s), TOL_D);
  check("fwd_dir", __enzyme_fwddiff((void *)mix, w, 2.0, s, -1.0),
        2.0 * corpus::fd1(m_w, w) - corpus::fd1(m_s, s), TOL_D);
  return 0;
}
