// cpp/vector_wrapper.cpp - a std::vector<double> behind a wrapper function,
// as users pass containers to Enzyme: the loss takes const std::vector&, the
// differentiated wrapper takes a pointer, and the shadow is another vector of
// the same size (reverse: gradients are added into it; forward: it holds the
// tangent direction). The loss uses size(), operator[] and a range-for.
#include <cmath>
#include <vector>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_out, enzyme_const;

// L(w, x) = sum_i sin(w_i x) + (sum_i w_i^2) x / 2
double loss(const std::vector<double> &w, double x) {
  double s = 0;
  for (size_t i = 0; i < w.size(); i++)
    s += std::sin(w[i] * x);
  double n2 = 0;
  for (double wi : w)
    n2 += wi * wi;
  return s + 0.5 * n2 * x;
}

double wrapper(const std::vector<double> *w, double x) { return loss(*w, x); }

int main() {
  std::vector<double> w = {0.3, -1.2, 0.8, 2.0, 0.1};
  const int n = (int)w.size();
  const double x = 0.6;
  // p = (w_0..w_{n-1}, x) for the references
  double p[6];
  for (int i = 0; i < n; i++) p[i] = w[i];
  p[n] = x;
  auto eval = [n](const double *q) {
    std::vector<double> v(q, q + n);
    return loss(v, q[n]);
  };

  std::vector<double> dw(w.size(), 0.0);
  double dx = __enzyme_autodiff((void *)wrapper, enzyme_dup, &w, &dw,
                                enzyme_out, x);
  for (int i = 0; i < n; i++)
    checki("rev_dw", i, dw[i], corpus::fdp(eval, p, n + 1, i), TOL_D);
  check("rev_dx", dx, corpus::fdp(eval, p, n + 1, n), TOL_D);

  // the gradient is added: a second call doubles it
  __enzyme_autodiff((void *)wrapper, enzyme_dup, &w, &dw, enzyme_const, x);
  check("rev_dw_accumulates", dw[2], 2 * corpus::fdp(eval, p, n + 1, 2), TOL_D);

  std::vector<double> tw = {1.0, 0.5, -0.25, 0.0, 2.0};
  double v[6] = {1.0, 0.5, -0.25, 0.0, 2.0, -1.5};
  double t = __enzyme_fwddiff((void *)wrapper, enzyme_dup, &w, &tw, x, v[n]);
  check("fwd_dir", t, corpus::fdp_dir(eval, p, v, n + 1), TOL_D);
  return 0;
}
