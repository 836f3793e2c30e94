// cpp/particles.cpp - containers of small aggregates: particle positions in
// a std::vector<std::array<double, 3>> behind a wrapper (the shadow is a
// vector of as many zero arrays), a pairwise Lennard-Jones-like energy over
// structured bindings, a std::tuple returned from a helper and unpacked with
// auto [..], std::min over an initializer list, and std::swap of two active
// doubles. Both modes.
#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>
#include <vector>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_const;

using P3 = std::array<double, 3>;

static std::tuple<double, double> dist2_and_inv6(const P3 &a, const P3 &b) {
  double d2 = 0;
  for (int k = 0; k < 3; k++)
    d2 += (a[k] - b[k]) * (a[k] - b[k]);
  double inv2 = 1.0 / d2;
  return {d2, inv2 * inv2 * inv2};
}

double energy(const std::vector<P3> &pos, double eps) {
  double e = 0, closest = 1e300;
  for (size_t i = 0; i < pos.size(); i++)
    for (size_t j = i + 1; j < pos.size(); j++) {
      auto [d2, inv6] = dist2_and_inv6(pos[i], pos[j]);
      e += 4 * eps * (inv6 * inv6 - inv6);
      closest = std::min({closest, d2, 1e299});
    }
  double lo = pos[0][0], hi = pos[1][1];
  if (lo > hi)
    std::swap(lo, hi);
  return e + std::sqrt(closest) * (hi - lo);
}
double energy_of(const std::vector<P3> *pos, double eps) { return energy(*pos, eps); }

int main() {
  std::vector<P3> pos = {{0.0, 0.1, -0.2}, {1.1, 0.3, 0.05}, {0.4, 1.2, 0.3}, {1.0, 1.0, 1.1}};
  const double eps = 0.7;
  const int n = 12;
  double p[12];
  for (int i = 0; i < n; i++) p[i] = pos[i / 3][i % 3];
  auto eval = [&](const double *q) {
    std::vector<P3> v(4);
    for (int i = 0; i < n; i++) v[i / 3][i % 3] = q[i];
    return energy(v, eps);
  };
  std::vector<P3> dpos(4, P3{0, 0, 0});
  __enzyme_autodiff((void *)energy_of, enzyme_dup, &pos, &dpos, enzyme_const, eps);
  for (int i = 0; i < n; i++)
    checki("rev_dpos", i, dpos[i / 3][i % 3], corpus::fdp(eval, p, n, i), TOL_D);
  std::vector<P3> tpos(4);
  double v[12];
  for (int i = 0; i < n; i++) tpos[i / 3][i % 3] = v[i] = std::sin(1.0 + 2 * i);
  check("fwd_dir", __enzyme_fwddiff((void *)energy_of, enzyme_dup, &pos, &tpos, enzyme_const, eps),
        corpus::fdp_dir(eval, p, v, n), TOL_D);
  return 0;
}
