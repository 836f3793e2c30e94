/* FOUND by the C++ fuzzer: seed 426, -O2, class wrong (real = float), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 426 --levels O2 --keep /tmp/fuzz-426 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/i64-punned-float-move-426-O2.cpp --levels O2
 * (reverse[i]: x[0..6], then a = 7, then g_w[0..3]; values AD vs FD small step)
 *
 * Wrong: reverse[5] 0 vs FD 0.3280, forward[0] -0.0820 vs FD 0, width2[0] 0.0410 vs -0.0410,
 * width2[1] -0.1230 vs -0.0820: both modes lose x[5] entirely.
 *
 * Likely cause: at -O2 clang turns erase's 8-byte memmove of two floats into `load i64` /
 * `store i64` and then reads vec12[4] as `trunc i64 to i32` + `bitcast i32 to float`.
 * enzyme-opt treats the i64 load/store and the trunc/bitcast as inactive integers: no shadow
 * is copied (forward) and no adjoint is moved (reverse), silently. It should follow floats
 * through integer-typed moves (Enzyme's type analysis does) or refuse. At O0 the same seed
 * hits the memmove cascade instead (reverse[6] gets x[5]'s gradient).
 */
/* enzyme-opt fuzz program, seed 426 (tests/fuzz/gen_cpp.py, C++) */
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
  real t1 = *std::min_element(out, out + 3);
  std::vector<real> vec12(x, x + 7);
  vec12.erase(vec12.begin() + 4);
  real t13 = atanf(a) > 0.45 ? tanhf((asinhf(x[5]) - t1)) : tanhf(2.0);
  return tanhf(out[0]) + atanf((0.5 * log1pf(t13 * t13) * (vec12[0] + vec12[4])));
}

int main(void) { return fuzz_check_all(); }
