// cpp/inheritance.cpp - non-virtual inheritance: a base class holding active
// members and a method the derived class reuses, a derived class adding
// members and hiding a base method (calling it qualified), multiple
// inheritance (the second base sits at an offset, so converting Derived* to
// it adjusts the pointer), and a base reference bound to a derived object.
// The object is passed by pointer with a shadow of the same class. Both modes.
#include <cmath>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_out;

struct Offset {
  double shift;
  double apply(double x) const { return x - shift; }
};
struct Gain {
  double gain, curvature;
  double apply(double x) const { return gain * x + curvature * x * x; }
};
// Offset is the first base, Gain the second (at byte offset 8)
struct Stage : Offset, Gain {
  double clip;
  double apply(double x) const {
    double y = Gain::apply(Offset::apply(x));
    return clip * std::tanh(y / clip);
  }
};

static double through_gain(const Gain &g, double x) { return g.apply(x); }

// two passes of the stage, then the Gain part alone (via a Gain&)
double pipeline(const Stage *s, double x) {
  double y = s->apply(s->apply(x));
  return y + through_gain(*s, 0.5 * x);
}

int main() {
  Stage s;
  s.shift = 0.2; s.gain = 1.4; s.curvature = -0.3; s.clip = 2.5;
  const double x = 0.9;
  double p[5] = {s.shift, s.gain, s.curvature, s.clip, x};
  auto eval = [](const double *q) {
    Stage t;
    t.shift = q[0]; t.gain = q[1]; t.curvature = q[2]; t.clip = q[3];
    return pipeline(&t, q[4]);
  };

  Stage ds;
  ds.shift = ds.gain = ds.curvature = ds.clip = 0;
  double dx = __enzyme_autodiff((void *)pipeline, enzyme_dup, &s, &ds, enzyme_out, x);
  double g[5] = {ds.shift, ds.gain, ds.curvature, ds.clip, dx};
  for (int i = 0; i < 5; i++)
    checki("rev_grad", i, g[i], corpus::fdp(eval, p, 5, i), TOL_D);

  Stage ts;
  ts.shift = 1; ts.gain = -1; ts.curvature = 0.5; ts.clip = 2;
  double v[5] = {1, -1, 0.5, 2, 0.25};
  check("fwd_dir", __enzyme_fwddiff((void *)pipeline, enzyme_dup, &s, &ts, x, 0.25),
        corpus::fdp_dir(eval, p, v, 5), TOL_D);
  return 0;
}
