// cpp/namespaces.cpp - code organised in namespaces: a nested namespace
// holding the differentiated function, helpers in an anonymous namespace
// (internal linkage), a static member function, a using-declaration, and
// the entry points themselves declared as templates inside a namespace
// (their mangled names, e.g. _ZN2ad17__enzyme_autodiffIdJ...E, contain the
// entry-point name). Both modes.
#include <cmath>
#include "cpp_harness.h"

int enzyme_dup, enzyme_out, enzyme_const;
namespace ad {
template <typename RT, typename... Args> RT __enzyme_autodiff(void *, Args...);
template <typename RT, typename... Args> RT __enzyme_fwddiff(void *, Args...);
} // namespace ad

namespace {
double softplus(double x) { return std::log1p(std::exp(x)); }
} // namespace

namespace physics {
namespace units {
struct Scale {
  static double to_si(double v) { return 1e-3 * v * 1000.0 + 0.0; }
};
} // namespace units

namespace potentials {
using units::Scale;
// a smoothed Morse-like potential of a distance r with depth d
double morse(double r, double d) {
  double rs = Scale::to_si(r);
  double e = 1.0 - std::exp(-1.7 * (rs - 1.1));
  return d * e * e + softplus(rs - d);
}
} // namespace potentials
} // namespace physics

int main() {
  using physics::potentials::morse;
  const double r = 1.35, d = 0.8;
  auto m_r = [&](double v) { return morse(v, d); };
  auto m_d = [&](double v) { return morse(r, v); };
  check("rev_dr", ad::__enzyme_autodiff<double>((void *)morse, enzyme_out, r, enzyme_const, d),
        corpus::fd1(m_r, r), TOL_D);
  check("rev_dd", ad::__enzyme_autodiff<double>((void *)morse, enzyme_const, r, enzyme_out, d),
        corpus::fd1(m_d, d), TOL_D);
  check("fwd_dir", ad::__enzyme_fwddiff<double>((void *)morse, enzyme_dup, r, 1.0, enzyme_dup, d, 3.0),
        corpus::fd1(m_r, r) + 3.0 * corpus::fd1(m_d, d), TOL_D);
  return 0;
}
