/* FOUND by the C++ fuzzer: seed 161, -O0, class wrong (real = double), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 161 --levels O0 --keep /tmp/fuzz-161 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/memmove-insert-erase-161-O0.cpp --levels O0
 * (reverse[i]: x[0..6], then a = 7, then g_w[0..3]; values AD vs FD small step)
 *
 * Wrong: reverse[6] 0.0897 vs FD 0.1794 (exactly half: the path through vr3[7] is lost) and
 * reverse[7] (a) -0.1235 vs -0.0762 (the lost adjoint lands on the last element, computed from
 * a). Same at O2.
 *
 * Likely cause: the reverse of a memmove whose destination lies below its source (a left
 * shift: vector::erase, std::rotate by one).
 * enzyme_opt/ad/helpers.py memcpy_adjoint walks the elements upwards doing src'[i] += dst'[i];
 * dst'[i] = 0; when the regions overlap with dst < src, src'[i] is dst'[i+k], read again k
 * steps later, so every adjoint in the moved range cascades to the last source element.
 * Walking downwards when dst' < src' (or copying dst' out first) would fix it; right shifts
 * (dst > src) are correct as they are.
 */
/* enzyme-opt fuzz program, seed 161 (tests/fuzz/gen_cpp.py, C++) */
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
  std::vector<real> vec1;
  for (int i2 = 0; i2 < 3; i2++) {
    vec1.push_back(tanh(((out[i2] + out[i2]) - a)));
  }
  vec1.insert(vec1.begin() + 2, x, x + 7);
  vec1.erase(vec1.begin() + 1);
  std::vector<real> &vr3 = vec1;
  return sin(((vr3[7] + x[6]) * sinh(0.3 * 0.3))) + atan(cos(fmin(vec1[0], vr3[6])));
}

int main(void) { return fuzz_check_all(); }
