// cpp/vector_local.cpp - std::vector<double> created inside the
// differentiated function: push_back of active values (the buffer grows by
// operator new, moves the elements and deletes the old buffer), resize and
// the destructor. Differentiated directly from double arguments and from a
// const std::vector& argument reached through a wrapper. Both modes.
#include <cmath>
#include <vector>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_const;

// the first n terms of the recurrence t_0 = x, t_{i+1} = sin(t_i) * y,
// collected in a growing vector, then a weighted sum.
double series(double x, double y, int n) {
  std::vector<double> t;
  t.push_back(x);
  for (int i = 1; i < n; i++)
    t.push_back(std::sin(t.back()) * y);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += t[i] / (1.0 + i);
  return s;
}

// squared differences of neighbours, in a copy that is resized
double roughness(const std::vector<double> &in) {
  std::vector<double> d(in);
  d.resize(in.size() + 1, 0.0);
  double r = 0;
  for (size_t i = 0; i + 1 < d.size(); i++)
    r += (d[i + 1] - d[i]) * (d[i + 1] - d[i]);
  return r;
}
double roughness_of(const std::vector<double> *v) { return roughness(*v); }

struct G2 { double dx, dy; };
extern "C" G2 __enzyme_autodiff_g2(void *, ...);

int main() {
  const double x = 0.9, y = 1.1;
  const int n = 13;  // past the 1, 2, 4, 8 growth points
  auto s_x = [&](double v) { return series(v, y, n); };
  auto s_y = [&](double v) { return series(x, v, n); };

  G2 g = __enzyme_autodiff_g2((void *)series, x, y, enzyme_const, n);
  check("rev_series_dx", g.dx, corpus::fd1(s_x, x), TOL_D);
  check("rev_series_dy", g.dy, corpus::fd1(s_y, y), TOL_D);
  double t = __enzyme_fwddiff((void *)series, x, 1.0, y, -0.5, enzyme_const, n);
  check("fwd_series", t, corpus::fd1(s_x, x) - 0.5 * corpus::fd1(s_y, y), TOL_D);

  std::vector<double> v = {0.5, -0.2, 1.5, 0.7};
  double p[4] = {0.5, -0.2, 1.5, 0.7};
  auto eval = [](const double *q) { return roughness(std::vector<double>(q, q + 4)); };
  std::vector<double> dv(4, 0.0);
  __enzyme_autodiff((void *)roughness_of, enzyme_dup, &v, &dv);
  for (int i = 0; i < 4; i++)
    checki("rev_rough", i, dv[i], corpus::fdp(eval, p, 4, i), TOL_D);
  std::vector<double> tv = {1.0, 2.0, -1.0, 0.5};
  double dir[4] = {1.0, 2.0, -1.0, 0.5};
  check("fwd_rough", __enzyme_fwddiff((void *)roughness_of, enzyme_dup, &v, &tv),
        corpus::fdp_dir(eval, p, dir, 4), TOL_D);
  return 0;
}
