/* FOUND by the C++ fuzzer: seed 35, -O2, class wrong (real = double), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 35 --levels O2 --keep /tmp/fuzz-35 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/poison-shuffle-lane-nan-35-O2.cpp --levels O2
 * (reverse[i]: x[0..6], then a = 7, then g_w[0..3]; values AD vs FD small step)
 *
 * Wrong: reverse[5] (x[5]) and reverse[7] (a) are NaN; finite differences give 0 and 0.02168.
 *
 * Likely cause: clang -O2 vectorizes fmax(p1.x,p1.y)*fmax(a,x[5]) into llvm.maxnum.v2f64, then
 * `shufflevector %m, poison, <i32 1, i32 poison>` and an fmul of the two vectors whose lane 1
 * is never used. The fmul adjoint multiplies lane 1's zero adjoint by lane 1 of the shuffle, a
 * poison lane, which is NaN (or garbage) at run time: 0 * NaN = NaN reaches lane 1 of the
 * maxnum, i.e. a and x[5]. A poison/undef mask lane should give a zero partial (or the primal
 * used for partials should have 0 there). Not memmove: a different bug. Also at O2 only.
 */
/* enzyme-opt fuzz program, seed 35 (tests/fuzz/gen_cpp.py, C++) */
typedef double real;
#define REAL_IS_FLOAT 0
#define NX 7
#define NO 3
#define NG 4
#define HAS_GLOBAL 0
#include "fuzz_runtime.h"
#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

struct Vec2 {
  real x, y;
  Vec2(real x_, real y_) : x(x_), y(y_) {}
};

FUZZ_NOINLINE real target(real *x, real *out, int n, real a) {
  Vec2 p1(sin(out[2]), atan(((-0.6 + a) - sin(a))));
  auto f2 = [&](real u) -> real { return tanh((fmax(p1.x, p1.y) * fmax(a, x[5]))); };
  for (int i3 = 0; i3 < 7; i3++) {
    x[i3] = 0.6 * x[i3] + 0.3 * f2(x[i3]);
  }
  return sin(pow(1.1 + atan2(a, 2.0 + a * a) * atan2(a, 2.0 + a * a), 0.5 + 0.1 * pow(1.1 + a * a, 0.5 + 0.1 * out[0]))) + atan((out[2] - asinh(2.0)));
}

int main(void) { return fuzz_check_all(); }
