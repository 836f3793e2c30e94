/* FOUND by the C++ fuzzer: seed 2097, -O2 and -O3, class wrong in every mode (and with
 * --no-reuse), shrunk (generator of 528e452, enzyme-opt 497d6c1).
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 2097 --levels O2 --keep /tmp/fuzz-2097-O2-cpp --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/float-pair-i64-out-of-loop-2097-O2.cpp --levels O0,O1,O2,O3
 *
 * Wrong: `Poly pl22(s->w, 2)` copies the floats s->w[0..1] inside a loop; at -O2 clang reads
 * them as one `load i64` there and, after the loop, takes s->w[1] back with lshr 32 + trunc +
 * bitcast through the loop's LCSSA phi. ad/prepare/retype.py moved two floats in an i64 as
 * <2 x float> only when the i64 reached its halves directly; through the phi it stayed an
 * integer, and the derivative of s->w[1] (the exponent of the return's powf) was lost: 1
 * instead of 1.00797. And the check that refuses float bits changed as integers did not
 * follow phis, so nothing was said.
 * Fixed: the pair moves through phis and selects (retype._moved_type); the check follows
 * them (activity.float_from_integer_bits_message). Lit: regress/float-pair-out-of-loop.ll,
 * errors/float-bits-through-phi.ll. */
/* enzyme-opt fuzz program, seed 2097 (tests/fuzz/gen_cpp.py, C++) */
typedef float real;
#define REAL_IS_FLOAT 1
#define NX 7
#define NO 3
#define NG 4
#define HAS_GLOBAL 0
#define FUZZ_NPTR 1
#define FUZZ_STATE 1
#include "fuzz_runtime.h"
#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

class Smoother {
  real s_, k_;
  public:
  explicit Smoother(real k) : s_(0), k_(k) {}
  FUZZ_NOINLINE void feed(real v) { s_ = k_ * s_ + (1 - k_) * std::tanh(v); }
  real value() const { return s_; }
};

struct Poly {
  std::vector<real> c;
  Poly(const real *p, int m) : c(p, p + m) {}
  real eval(real t) const { real r = 0; for (auto it = c.rbegin(); it != c.rend(); ++it) r = r * t + *it; return r; }
};

FUZZ_NOINLINE real target(real *__restrict x, real *__restrict out, int n, real a, int *N, struct fuzz_state *__restrict s) {
  {
    real *nw1 = new real[3]();
    s->u = 0.5 * s->u + 0.3 * nw1[2];
  }
  for (int i16 = 0; i16 < *N; i16++) {
    Smoother sm19(0.3);
    for (int i21 = 0; i21 < 3; i21++) {
      sm19.feed(out[i21] * 1.25);
    }
    real t20 = sm19.value();
    Poly pl22(s->w, 2);
    real t23 = 0.2 * pl22.eval(0.8 * tanhf((x[(i16 + 3) % 7] - t20)));
  }
  return atanf(hypotf(powf(1.1 + s->v * s->v, 0.5 + 0.1 * s->w[1]), 0.7 + s->v * s->v)) + sinf(cbrtf(2.0 + (0.5 * a * a) * (0.5 * a * a)));
}

int main(void) { return fuzz_check_all(); }
