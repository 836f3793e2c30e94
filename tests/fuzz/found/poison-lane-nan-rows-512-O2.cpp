/* FOUND by the C++ fuzzer: seed 512, -O2, class wrong (real = float), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 512 --levels O2 --keep /tmp/fuzz-512 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/poison-lane-nan-rows-512-O2.cpp --levels O2
 * (reverse[i]: x[0..6], then a = 7, then g_w[0..3]; values AD vs FD small step)
 *
 * Wrong: reverse[3] (x[3]) is NaN; finite differences give 0. Plain C statements (gen.py's
 * row-pointer table), so the C fuzzer can meet it too.
 *
 * Likely cause: the same as poison-shuffle-lane-nan-35-O2.cpp. At -O2 the loop is
 * SLP-vectorized into <2 x double> operations with poison constant lanes (`fadd %v, <double
 * -2.0, double poison>`, `fmul %v, <double poison, double 0.5>`) and a `shufflevector ... <i32
 * 1, i32 poison>`; the unused lanes' partials multiply a zero adjoint by a poison value (NaN
 * at run time) and the NaN reaches x[3].
 */
/* enzyme-opt fuzz program, seed 512 (tests/fuzz/gen_cpp.py, C++) */
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
  real *rows4[3] = {out, out, x};
  for (int r5 = 0; r5 < 3; r5++) {
    rows4[r5][(r5 + 2) % 3] = 0.7 * rows4[r5][(r5 + 2) % 3] + 0.2 * sinf((0.5 * (x[r5] - 2.0) * (0.5 * x[(r5 + 1) % 7] * x[r5])));
  }
  return atanf(-0.6) + tanhf(a);
}

int main(void) { return fuzz_check_all(); }
