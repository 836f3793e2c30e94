/* FOUND by the C++ fuzzer: seed 127, -O0, class wrong (real = float), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 127 --levels O0 --keep /tmp/fuzz-127 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/memmove-rotate-127-O0.cpp --levels O0
 * (reverse[i]: x[0..6], then a = 7, then g_w[0..3]; values AD vs FD small step)
 *
 * Wrong: reverse[0] 0.2966 vs FD 0: after std::rotate(begin, begin+1, end) the adjoint of
 * vec2[4] cascades onto the last element (partial sum of all of x), so x[0] gets a gradient it
 * does not have. Same at O2.
 *
 * Likely cause: the reverse of a memmove whose destination lies below its source (a left
 * shift: vector::erase, std::rotate by one).
 * enzyme_opt/ad/helpers.py memcpy_adjoint walks the elements upwards doing src'[i] += dst'[i];
 * dst'[i] = 0; when the regions overlap with dst < src, src'[i] is dst'[i+k], read again k
 * steps later, so every adjoint in the moved range cascades to the last source element.
 * Walking downwards when dst' < src' (or copying dst' out first) would fix it; right shifts
 * (dst > src) are correct as they are.
 */
/* enzyme-opt fuzz program, seed 127 (tests/fuzz/gen_cpp.py, C++) */
typedef float real;
#define REAL_IS_FLOAT 1
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
  std::vector<real> vec2(x, x + 7);
  std::reverse(vec2.begin(), vec2.end());
  for (real &e : vec2) e *= 0.3; std::partial_sum(vec2.begin(), vec2.end(), vec2.begin());
  std::rotate(vec2.begin(), vec2.begin() + 1, vec2.end());
  Vec2 p3(atanf(asinhf(vec2[1])), tanhf(x[2]));
  real t5 = 0, t6 = 0;
  return sinf((erff(0.5 * t6) / (2.0 + (a - p3.y) * (a - p3.y)))) + sinf(vec2[4]);
}

int main(void) { return fuzz_check_all(); }
