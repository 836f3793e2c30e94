// cpp/iostream_logging.cpp - a differentiated function that logs as users'
// code does: std::cout of active doubles and floats with manipulators
// (std::setprecision, std::fixed, std::endl), std::cerr with std::flush,
// and printf. The output calls are inactive: the derivatives are those of
// the arithmetic alone. (The log lines are ignored by the corpus runner.)
// Both modes.
#include <cmath>
#include <iomanip>
#include <iostream>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);

// a few damped Newton steps toward the root of t^3 - a, logged per step
double cube_root_damped(double a, double damping) {
  double t = 1.0;
  for (int k = 0; k < 4; k++) {
    double step = damping * (t * t * t - a) / (3 * t * t);
    t -= step;
    std::cout << "step " << k << ": t = " << std::setprecision(6) << t
              << ", step = " << (float)step << std::endl;
  }
  std::cerr << std::fixed << "final " << t << "\n" << std::flush;
  printf("log: a=%g t=%g\n", a, t);
  return t * std::exp(-damping);
}

struct G2 { double da, ddamp; };
extern "C" G2 __enzyme_autodiff2(void *, ...);

int main() {
  const double a = 2.5, d = 0.8;
  auto c_a = [&](double v) { return cube_root_damped(v, d); };
  auto c_d = [&](double v) { return cube_root_damped(a, v); };
  double ra = corpus::fd1(c_a, a), rd = corpus::fd1(c_d, d);
  G2 g = __enzyme_autodiff2((void *)cube_root_damped, a, d);
  check("rev_da", g.da, ra, TOL_D);
  check("rev_ddamping", g.ddamp, rd, TOL_D);
  check("fwd_dir", __enzyme_fwddiff((void *)cube_root_damped, a, 1.0, d, 0.5),
        ra + 0.5 * rd, TOL_D);
  return 0;
}
