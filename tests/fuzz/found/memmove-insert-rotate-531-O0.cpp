/* FOUND by the C++ fuzzer: seed 531, -O0, class wrong (real = double), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 531 --levels O0 --keep /tmp/fuzz-531 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/memmove-insert-rotate-531-O0.cpp --levels O0
 * (reverse[i]: x[0..6], then a = 7, then g_w[0..3]; values AD vs FD small step)
 *
 * Wrong: reverse[1..4] are 0 vs FD 0.00379, 0.0872, -0.0564, 0.0114 after vec1.insert(begin+3,
 * 2, c) and std::rotate(begin, begin+1, end). Same at O2.
 *
 * Likely cause:the reverse of a memmove whose destination lies below its source (a left shift:
 * vector::erase, std::rotate by one). enzyme_opt/ad/helpers.py memcpy_adjoint walks the
 * elements upwards doing src'[i] += dst'[i]; dst'[i] = 0; when the regions overlap with dst <
 * src, src'[i] is dst'[i+k], read again k steps later, so every adjoint in the moved range
 * cascades to the last source element. Walking downwards when dst' < src' (or copying dst' out
 * first) would fix it; right shifts (dst > src) are correct as they are.
 */
/* enzyme-opt fuzz program, seed 531 (tests/fuzz/gen_cpp.py, C++) */
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
  std::vector<real> vec1(x, x + 7);
  vec1.insert(vec1.begin() + 3, 2, (real)(tanh(2.0)));
  std::rotate(vec1.begin(), vec1.begin() + 1, vec1.end());
  real s2 = 0, s3 = 0;
  real t5 = 0.1 * s2 + 0.2 * sqrt(1.0 + s3);
  real cpy6[3]; memcpy(cpy6, out, sizeof(real) * 3);
  Vec2 p7(tanh(t5), atan(t5));
  out[0] += tanh(atan2(sin(out[2]), 2.0 + sqrt(1.0 + vec1[4] * vec1[4]) * sqrt(1.0 + vec1[4] * vec1[4])));
  return sin(p7.x) + sin(log(1.5 + sinh(0.3 * cpy6[1]) * sinh(0.3 * cpy6[1])));
}

int main(void) { return fuzz_check_all(); }
