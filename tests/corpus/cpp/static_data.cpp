// cpp/static_data.cpp - constants the way C++ code keeps them: a
// static constexpr coefficient table in a class, a namespace-scope const
// initialised at startup (dynamic initialisation: a mutable global in the
// IR, only read here), a function-local static initialised on first use
// (thread-safe guard: __cxa_guard_acquire/release at -O0), and a mutable
// static call counter (an integer, inactive) written by the differentiated
// function. Both modes.
#include <cmath>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);

struct Chebyshev {
  static constexpr double coeff[5] = {0.5, -1.25, 0.75, 0.2, -0.05};
  // sum_k c_k T_k(x) by the three-term recurrence
  static double eval(double x) {
    double t0 = 1, t1 = x, s = coeff[0] + coeff[1] * x;
    for (int k = 2; k < 5; k++) {
      double t2 = 2 * x * t1 - t0;
      s += coeff[k] * t2;
      t0 = t1;
      t1 = t2;
    }
    return s;
  }
};

namespace {
const double kScale = std::sqrt(std::exp(0.5));  // computed at startup
int calls = 0;
}

static double offset() {
  static const double off = std::atan(kScale);  // computed on the first call
  return off;
}

double model(double x) {
  ++calls;
  return kScale * Chebyshev::eval(x) * std::tanh(x + offset());
}

int main() {
  const double x = 0.35;
  double ref = corpus::fd1(model, x);
  check("rev_dx", __enzyme_autodiff((void *)model, x), ref, TOL_D);
  check("fwd_dx", __enzyme_fwddiff((void *)model, x, 1.0), ref, TOL_D);
  // the counter runs in the derivatives too (primal side effects are kept)
  check("calls", calls, 4, 0);
  return 0;
}
