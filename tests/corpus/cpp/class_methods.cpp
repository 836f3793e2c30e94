// cpp/class_methods.cpp - a class with private state, a constructor, a
// non-const method that changes the state and const methods that read it.
// Two ways in: the object built inside the differentiated function from
// active scalars (total), and an object passed by pointer whose members are
// active, with a shadow object of the same class receiving the gradient
// (energy_of). Both modes; entry points declared extern "C" variadic, markers
// declared extern.
#include <cmath>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_out;

class Spring {
  double k_, rest_;

public:
  Spring(double k, double rest) : k_(k), rest_(rest) {}
  void stiffen(double factor) { k_ *= factor; }
  double energy(double x) const {
    double d = x - rest_;
    return 0.5 * k_ * d * d;
  }
  double force(double x) const { return -k_ * (x - rest_); }
  double k() const { return k_; }
  double rest() const { return rest_; }
};

// f(k, x) = E(x) + sin(F(x)) of a spring with stiffness 1.5 k at rest 1.
double total(double k, double x) {
  Spring s(k, 1.0);
  s.stiffen(1.5);
  return s.energy(x) + std::sin(s.force(x));
}

// g(spring, x) = E(x) * x: the spring's members are active through the pointer.
double energy_of(const Spring *s, double x) { return s->energy(x) * x; }

struct Grad2 { double a, b; };
extern "C" Grad2 __enzyme_autodiff2(void *, ...);

int main() {
  const double k = 0.8, x = 1.7;
  auto f_k = [&](double v) { return total(v, x); };
  auto f_x = [&](double v) { return total(k, v); };

  // reverse: both scalar arguments active, gradient returned as a struct
  Grad2 g = __enzyme_autodiff2((void *)total, enzyme_out, k, enzyme_out, x);
  check("rev_total_dk", g.a, corpus::fd1(f_k, k), TOL_D);
  check("rev_total_dx", g.b, corpus::fd1(f_x, x), TOL_D);

  // forward: one direction per argument
  check("fwd_total_dk", __enzyme_fwddiff((void *)total, k, 1.0, x, 0.0),
        corpus::fd1(f_k, k), TOL_D);
  check("fwd_total_dx", __enzyme_fwddiff((void *)total, k, 0.0, x, 1.0),
        corpus::fd1(f_x, x), TOL_D);

  // reverse through an object: d/dk and d/drest land in the shadow object
  Spring s(0.8, 0.4), ds(0.0, 0.0);
  double gx = __enzyme_autodiff((void *)energy_of, enzyme_dup, &s, &ds,
                                enzyme_out, x);
  auto g_k = [&](double v) { Spring t(v, 0.4); return energy_of(&t, x); };
  auto g_r = [&](double v) { Spring t(0.8, v); return energy_of(&t, x); };
  auto g_x = [&](double v) { return energy_of(&s, v); };
  check("rev_obj_dk", ds.k(), corpus::fd1(g_k, 0.8), TOL_D);
  check("rev_obj_drest", ds.rest(), corpus::fd1(g_r, 0.4), TOL_D);
  check("rev_obj_dx", gx, corpus::fd1(g_x, x), TOL_D);

  // forward through an object: the shadow object holds the tangents
  Spring ts(1.0, -2.0);  // direction (dk, drest) = (1, -2), dx = 0.5
  double t = __enzyme_fwddiff((void *)energy_of, enzyme_dup, &s, &ts, x, 0.5);
  double want = corpus::fd1(g_k, 0.8) - 2.0 * corpus::fd1(g_r, 0.4) +
                0.5 * corpus::fd1(g_x, x);
  check("fwd_obj_dir", t, want, TOL_D);
  return 0;
}
