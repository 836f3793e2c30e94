// cpp/std_array.cpp - std::array: a fixed-size array of active values behind
// a wrapper (the shadow is another std::array), a local std::array filled in
// the differentiated function, std::array returned by value from a helper,
// and <numeric> algorithms over it. Both modes; entry points declared as
// templates returning the derivative type.
#include <array>
#include <cmath>
#include <numeric>
#include "cpp_harness.h"

int enzyme_dup, enzyme_out, enzyme_const;
template <typename RT, typename... Args> RT __enzyme_autodiff(void *, Args...);
template <typename RT, typename... Args> RT __enzyme_fwddiff(void *, Args...);

using Arr4 = std::array<double, 4>;

// the softplus of each entry, returned by value
static Arr4 softplus(const Arr4 &a) {
  Arr4 r;
  for (size_t i = 0; i < a.size(); i++)
    r[i] = std::log1p(std::exp(a[i]));
  return r;
}

// E(a, s) = s * <softplus(a), a> + sum(a)^2
double energy(const Arr4 &a, double s) {
  Arr4 sp = softplus(a);
  double dot = std::inner_product(sp.begin(), sp.end(), a.begin(), 0.0);
  double sum = std::accumulate(a.begin(), a.end(), 0.0);
  return s * dot + sum * sum;
}
double energy_of(const Arr4 *a, double s) { return energy(*a, s); }

int main() {
  Arr4 a = {0.4, -1.1, 2.0, 0.25};
  const double s = 1.3;
  double p[5] = {a[0], a[1], a[2], a[3], s};
  auto eval = [](const double *q) {
    Arr4 b = {q[0], q[1], q[2], q[3]};
    return energy(b, q[4]);
  };

  Arr4 da = {0, 0, 0, 0};
  double ds = __enzyme_autodiff<double>((void *)energy_of, enzyme_dup, &a, &da,
                                        enzyme_out, s);
  for (int i = 0; i < 4; i++)
    checki("rev_da", i, da[i], corpus::fdp(eval, p, 5, i), TOL_D);
  check("rev_ds", ds, corpus::fdp(eval, p, 5, 4), TOL_D);

  Arr4 ta = {0.5, 1.0, -1.0, 2.0};
  double v[5] = {0.5, 1.0, -1.0, 2.0, 0.75};
  double t = __enzyme_fwddiff<double>((void *)energy_of, enzyme_dup, &a, &ta,
                                      enzyme_dup, s, 0.75);
  check("fwd_dir", t, corpus::fdp_dir(eval, p, v, 5), TOL_D);
  return 0;
}
