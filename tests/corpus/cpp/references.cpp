// cpp/references.cpp - references as users write them: const T& inputs and
// double& out-parameters. polar_to_xy writes two results through references
// (differentiated directly: a reference parameter is a pointer in the IR, so
// the caller passes the address and a shadow address); norm_sq takes const
// references to a template struct. Both modes.
#include <cmath>
#include "cpp_harness.h"

extern "C" void __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup;

void polar_to_xy(const double &r, const double &theta, double &x, double &y) {
  x = r * std::cos(theta);
  y = r * std::sin(theta);
  x += 0.1 * y * y;  // read back through the reference
}

template <typename T> struct Pair { T a, b; };
template <typename T> T norm_sq(const Pair<T> &p, const T &scale) {
  return scale * (p.a * p.a + p.b * p.b) + p.a * p.b;
}
double norm_sq_d(const Pair<double> &p, const double &scale) { return norm_sq(p, scale); }

int main() {
  double r = 1.4, th = 0.6;
  double p[2] = {r, th};
  auto X = [](const double *q) { double x, y; polar_to_xy(q[0], q[1], x, y); return x; };
  auto Y = [](const double *q) { double x, y; polar_to_xy(q[0], q[1], x, y); return y; };

  // reverse, seed (dx, dy) = (1, 0) then (0, 1): rows of the Jacobian
  for (int row = 0; row < 2; row++) {
    double dr = 0, dth = 0, x = 0, y = 0, dx = row == 0, dy = row == 1;
    __enzyme_autodiff((void *)polar_to_xy, enzyme_dup, &r, &dr, enzyme_dup, &th,
                      &dth, enzyme_dup, &x, &dx, enzyme_dup, &y, &dy);
    auto F = row == 0 ? +X : +Y;
    checkij("rev_jac", row, 0, dr, corpus::fdp(F, p, 2, 0), TOL_D);
    checkij("rev_jac", row, 1, dth, corpus::fdp(F, p, 2, 1), TOL_D);
  }
  // forward along (dr, dth) = (0.3, -1): both outputs' tangents at once
  {
    double dr = 0.3, dth = -1.0, x, y, tx = 0, ty = 0;
    double v[2] = {0.3, -1.0};
    __enzyme_fwddiff((void *)polar_to_xy, enzyme_dup, &r, &dr, enzyme_dup, &th,
                     &dth, enzyme_dup, &x, &tx, enzyme_dup, &y, &ty);
    check("fwd_x", tx, corpus::fdp_dir(X, p, v, 2), TOL_D);
    check("fwd_y", ty, corpus::fdp_dir(Y, p, v, 2), TOL_D);
  }

  Pair<double> pr = {0.7, -0.4}, dpr = {0, 0};
  double sc = 2.5, dsc = 0;
  double q[3] = {0.7, -0.4, 2.5};
  auto N = [](const double *z) { return norm_sq_d(Pair<double>{z[0], z[1]}, z[2]); };
  __enzyme_autodiff((void *)norm_sq_d, enzyme_dup, &pr, &dpr, enzyme_dup, &sc, &dsc);
  check("rev_norm_da", dpr.a, corpus::fdp(N, q, 3, 0), TOL_D);
  check("rev_norm_db", dpr.b, corpus::fdp(N, q, 3, 1), TOL_D);
  check("rev_norm_dscale", dsc, corpus::fdp(N, q, 3, 2), TOL_D);
  Pair<double> tpr = {1.0, 0.0};
  double tsc = 0.5, w[3] = {1.0, 0.0, 0.5};
  check("fwd_norm", __enzyme_fwddiff((void *)norm_sq_d, enzyme_dup, &pr, &tpr,
                                     enzyme_dup, &sc, &tsc),
        corpus::fdp_dir(N, q, w, 3), TOL_D);
  return 0;
}
