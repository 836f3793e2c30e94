/* FOUND by the C++ fuzzer: seed 441, -O0, class wrong (real = float), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 441 --levels O0 --keep /tmp/fuzz-441 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/memmove-rotate-insert-erase-441-O0.cpp --levels O0
 * (reverse[i]: x[0..6], then a = 7, then g_w[0..3]; values AD vs FD small step)
 *
 * Wrong: reverse[1] 0 vs FD 0.1965 and reverse[2] 0.1965 vs FD 0: the whole gradient of x[1]
 * goes to its right neighbour. Same at O2.
 *
 * Likely cause: the reverse of a memmove whose destination lies below its source (a left
 * shift: vector::erase, std::rotate by one).
 * enzyme_opt/ad/helpers.py memcpy_adjoint walks the elements upwards doing src'[i] += dst'[i];
 * dst'[i] = 0; when the regions overlap with dst < src, src'[i] is dst'[i+k], read again k
 * steps later, so every adjoint in the moved range cascades to the last source element.
 * Walking downwards when dst' < src' (or copying dst' out first) would fix it; right shifts
 * (dst > src) are correct as they are.
 */
/* enzyme-opt fuzz program, seed 441 (tests/fuzz/gen_cpp.py, C++) */
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

FUZZ_NOINLINE real target(real *x, real *out, int n, real a) {
  std::vector<real> vec13(x, x + 7);
  std::rotate(vec13.begin(), vec13.begin() + 3, vec13.end());
  vec13.insert(vec13.begin() + 3, x, x + 7);
  vec13.erase(vec13.begin() + 3);
  return tanhf((exp2f(0.25 * a) + (vec13[3] / (2.0 + out[0] * out[0])))) + tanhf(powf(1.2 + out[2] * out[2], 0.75));
}

int main(void) { return fuzz_check_all(); }
