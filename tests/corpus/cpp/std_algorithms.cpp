// cpp/std_algorithms.cpp - <algorithm> and <numeric> over a std::vector
// behind a wrapper: std::transform with a lambda into a local vector,
// std::sort of active values through the vector's iterators and through
// raw pointers (the permutation is inactive control flow; values move
// through swaps and copies; at -O0 the iterator copies are 8-byte integer
// moves, which must keep their shadows), std::max_element, std::min and
// std::max returning const double& (a select between two addresses at -O0),
// std::clamp, and std::accumulate with a lambda. Both modes.
#include <algorithm>
#include <functional>
#include <cmath>
#include <numeric>
#include <vector>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_out;

double robust(const std::vector<double> &x, double s) {
  std::vector<double> y(x.size());
  std::transform(x.begin(), x.end(), y.begin(), [s](double v) { return std::sin(s * v); });
  std::sort(y.begin(), y.end(), std::greater<double>());
  std::sort(y.data(), y.data() + y.size());
  double top = *std::max_element(x.begin(), x.end());
  double lo = std::min(y.front(), x[0]), hi = std::max(y.back(), s);
  double med = y[y.size() / 2];
  double acc = std::accumulate(y.begin(), y.end(), 0.0,
                               [](double a, double v) { return a + v * v; });
  return acc * med + std::clamp(top, -1.0, 1.5) * (hi - lo);
}
double robust_of(const std::vector<double> *x, double s) { return robust(*x, s); }

int main() {
  std::vector<double> x = {0.9, -0.35, 1.2, 0.05, -1.4, 0.6, 2.1};
  const int n = (int)x.size();
  const double s = 0.8;
  double p[8];
  for (int i = 0; i < n; i++) p[i] = x[i];
  p[n] = s;
  auto eval = [n](const double *q) {
    std::vector<double> v(q, q + n);
    return robust(v, q[n]);
  };
  std::vector<double> dx(x.size(), 0.0);
  double ds = __enzyme_autodiff((void *)robust_of, enzyme_dup, &x, &dx, enzyme_out, s);
  for (int i = 0; i < n; i++)
    checki("rev_dx", i, dx[i], corpus::fdp(eval, p, n + 1, i), TOL_D);
  check("rev_ds", ds, corpus::fdp(eval, p, n + 1, n), TOL_D);

  std::vector<double> tx = {1, 0, -1, 0.5, 0.25, -2, 0};
  double v[8] = {1, 0, -1, 0.5, 0.25, -2, 0, 1.5};
  check("fwd_dir", __enzyme_fwddiff((void *)robust_of, enzyme_dup, &x, &tx, s, 1.5),
        corpus::fdp_dir(eval, p, v, n + 1), TOL_D);
  return 0;
}
