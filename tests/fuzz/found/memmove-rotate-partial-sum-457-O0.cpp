/* FOUND by the C++ fuzzer: seed 457, -O0, class wrong (real = double), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 457 --levels O0 --keep /tmp/fuzz-457 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/memmove-rotate-partial-sum-457-O0.cpp --levels O0
 * (reverse[i]: x[0..6], then a = 7, then g_w[0..3]; values AD vs FD small step)
 *
 * Wrong: reverse[1], [2], [4] are 0 vs FD 0.00371, 0.00371, 0.00067 and reverse[3] 0.00603 vs
 * 0.00974 after std::rotate(begin, begin+1, end). Same at O2.
 *
 * Likely cause: the reverse of a memmove whose destination lies below its source (a left
 * shift: vector::erase, std::rotate by one).
 * enzyme_opt/ad/helpers.py memcpy_adjoint walks the elements upwards doing src'[i] += dst'[i];
 * dst'[i] = 0; when the regions overlap with dst < src, src'[i] is dst'[i+k], read again k
 * steps later, so every adjoint in the moved range cascades to the last source element.
 * Walking downwards when dst' < src' (or copying dst' out first) would fix it; right shifts
 * (dst > src) are correct as they are.
 */
/* enzyme-opt fuzz program, seed 457 (tests/fuzz/gen_cpp.py, C++) */
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

class Smoother {
  real s_, k_;
  public:
  explicit Smoother(real k) : s_(0), k_(k) {}
  real value() const { return s_; }
};

struct Vec2 {
  real x, y;
  Vec2(real x_, real y_) : x(x_), y(y_) {}
};

FUZZ_NOINLINE real target(real *x, real *out, int n, real a) {
  Smoother sm4(0.3);
  real t5 = sm4.value();
  std::vector<real> vec12(x, x + 7);
  std::rotate(vec12.begin(), vec12.begin() + 1, vec12.end());
  for (real &e : vec12) e *= 0.3; std::partial_sum(vec12.begin(), vec12.end(), vec12.begin());
  Vec2 p13(sin((t5 - pow(1.2 + t5 * t5, 0.75))), sin(fmin(hypot(vec12[1], 0.7 + t5 * t5), fmin(a, out[0]))));
  std::vector<real> &vr14 = vec12;
  out[0] += tanh((pow(1.1 + vr14[2] * vr14[2], 0.5 + 0.1 * vec12[5]) * hypot(p13.x, 0.7 + out[2] * out[2])));
  return tanh(log1p(pow(1.1 + t5 * t5, 0.5 + 0.1 * x[3]) * pow(1.1 + t5 * t5, 0.5 + 0.1 * x[3]))) + atan(((t5 * a) / (2.0 + (a - p13.y) * (a - p13.y))));
}

int main(void) { return fuzz_check_all(); }
