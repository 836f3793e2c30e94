/* OPEN (wrong at -O2 and -O3, right at -O0 and -O1; enzyme-opt 497d6c1, and with --no-reuse
 * too): in a float program, `Poly pl22(s->w, 2)` copies the two floats s->w[0..1] into a
 * std::vector inside a loop; at -O2 clang reads them as one `load i64` (s + 12) in the loop,
 * and after the loop takes s->w[1] back from it with `lshr i64 %58, 32` + `trunc` +
 * `bitcast i32 to float`, joined by a phi with a plain `load float` (the path where the loop
 * did not run); that float is the exponent of the return's powf. The derivative through it is
 * lost, silently: the gradient of s->w[1] (reverse[11], split[11], both lanes of batched
 * reverse and split mode) is 1 (only its weight in L) where the finite differences give
 * 1.00797. Without the copy, or without `__restrict` (then the load is not moved), it is
 * right.
 * Likely cause: a float's half of an i64 read back through lshr + trunc + bitcast is turned
 * into a lane extract (regress/float-pair-split-from-i64.ll, seed 426) when the i64 is loaded
 * next to it, not when it reaches the bitcast out of a loop (an LCSSA value, then a phi with a
 * float load): then the i64 stays an integer, inactive, and neither moved nor refused.
 * found: tests/fuzz/run.py --lang cpp --seed 2097 --levels O2 (generator of 528e452), shrunk
 * rerun: .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found-open/float-pair-i64-out-of-loop-2097-O2.cpp --levels O0,O1,O2,O3 */
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
