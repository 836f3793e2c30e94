/* FOUND by the C++ fuzzer: seed 595, -O0, class wrong (real = double), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 595 --levels O0 --keep /tmp/fuzz-595 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/memmove-x3-to-x6-595-O0.cpp --levels O0
 * (reverse[i]: x[0..6], then a = 7, then g_w[0..3]; values AD vs FD small step)
 *
 * Wrong: reverse[3] 0 vs FD -0.00325 and reverse[6] -0.00325 vs FD 0: x[3]'s gradient lands on
 * x[6]. Same at O2.
 *
 * Likely cause:the reverse of a memmove whose destination lies below its source (a left shift:
 * vector::erase, std::rotate by one). enzyme_opt/ad/helpers.py memcpy_adjoint walks the
 * elements upwards doing src'[i] += dst'[i]; dst'[i] = 0; when the regions overlap with dst <
 * src, src'[i] is dst'[i+k], read again k steps later, so every adjoint in the moved range
 * cascades to the last source element. Walking downwards when dst' < src' (or copying dst' out
 * first) would fix it; right shifts (dst > src) are correct as they are.
 */
/* enzyme-opt fuzz program, seed 595 (tests/fuzz/gen_cpp.py, C++) */
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
  std::vector<real> vec3(x, x + 7);
  vec3.erase(vec3.begin() + 2, vec3.begin() + 3);
  vec3.resize(9, (real)0.5);
  vec3.erase(vec3.begin() + 4, vec3.begin() + 8);
  std::vector<real> vec4 = vec3;
  vec4.pop_back();
  vec4.pop_back();
  real &r8 = out[2];
  out[0] += tanh(cosh(0.3 * atan2(vec4[2], 2.0 + out[2] * out[2])));
  return atan(r8) + sin(a);
}

int main(void) { return fuzz_check_all(); }
