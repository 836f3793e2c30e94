// cpp/virtual_inactive.cpp - virtual calls whose results are inactive: an
// abstract base class with virtual sides() and name() (int and const char*),
// used only for control flow (loop bounds, a branch on the name), while the
// active arithmetic happens in non-virtual code. The shape object is passed
// enzyme_const; at -O0 the calls stay indirect through the vtable. Both modes.
#include <cmath>
#include <cstring>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_const, enzyme_out, enzyme_dup;

struct Shape {
  virtual ~Shape() {}
  virtual int sides() const = 0;
  virtual const char *name() const = 0;
};
struct Triangle : Shape {
  int sides() const override { return 3; }
  const char *name() const override { return "triangle"; }
};
struct Hexagon : Shape {
  int sides() const override { return 6; }
  const char *name() const override { return "hexagon"; }
};

// perimeter of a regular polygon with circumradius r, scaled on a name test
double perimeter(const Shape *s, double r) {
  int n = s->sides();
  double p = 0;
  for (int k = 0; k < n; k++)
    p += 2 * r * std::sin(M_PI / n);
  if (std::strcmp(s->name(), "hexagon") == 0)
    p *= std::exp(-r);
  return p;
}

int main() {
  Triangle tri;
  Hexagon hex;
  const Shape *shapes[2] = {&tri, &hex};
  const double r = 1.3;
  for (int i = 0; i < 2; i++) {
    const Shape *s = shapes[i];
    auto f = [&](double v) { return perimeter(s, v); };
    double ref = corpus::fd1(f, r);
    checki("rev_dr", i, __enzyme_autodiff((void *)perimeter, enzyme_const, s,
                                          enzyme_out, r), ref, TOL_D);
    checki("fwd_dr", i, __enzyme_fwddiff((void *)perimeter, enzyme_const, s,
                                         enzyme_dup, r, 1.0), ref, TOL_D);
  }
  return 0;
}
