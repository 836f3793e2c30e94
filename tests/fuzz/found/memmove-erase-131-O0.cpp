/* FOUND by the C++ fuzzer: seed 131, -O0, class wrong (real = double), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 131 --levels O0 --keep /tmp/fuzz-131 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/memmove-erase-131-O0.cpp --levels O0
 * (reverse[i]: x[0..6], then a = 7, then g_w[0..3]; values AD vs FD small step)
 *
 * Wrong: reverse[3] 0.594750 vs FD 0.594764 and reverse[6] 1.44e-05 vs 0: the part of x[3]'s
 * gradient that flows through vec7[2] (after vec7.erase(begin+2)) lands on x[6]. Same at O2.
 *
 * Likely cause: the reverse of a memmove whose destination lies below its source (a left
 * shift: vector::erase, std::rotate by one).
 * enzyme_opt/ad/helpers.py memcpy_adjoint walks the elements upwards doing src'[i] += dst'[i];
 * dst'[i] = 0; when the regions overlap with dst < src, src'[i] is dst'[i+k], read again k
 * steps later, so every adjoint in the moved range cascades to the last source element.
 * Walking downwards when dst' < src' (or copying dst' out first) would fix it; right shifts
 * (dst > src) are correct as they are.
 */
/* enzyme-opt fuzz program, seed 131 (tests/fuzz/gen_cpp.py, C++) */
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

FUZZ_NOINLINE real target(real *x, real *out, int n, real a) {
  std::array<real, 3> sa1{};
  for (real &e3 : sa1) {
    std::vector<real> vec7(x, x + 7);
    vec7.erase(vec7.begin() + 2);
    e3 = 0.7 * e3 + 0.3 * atan((0.5 * (vec7[2] - a) * cosh(0.3 * a)));
  }
  auto f8 = [&](real u) -> real { return sin(pow(1.1 + (a / (2.0 + sa1[2] * sa1[2])) * (a / (2.0 + sa1[2] * sa1[2])), 0.5 + 0.1 * pow(1.1 + 0.3 * 0.3, 0.5 + 0.1 * u))); };
  for (int i9 = 0; i9 < 7; i9++) {
    x[i9] = 0.6 * x[i9] + 0.3 * f8(x[i9]);
  }
  return tanh(x[3]) + sin(erf(0.5 * atan(a)));
}

int main(void) { return fuzz_check_all(); }
