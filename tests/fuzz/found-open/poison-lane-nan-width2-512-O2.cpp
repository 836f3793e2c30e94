/* OPEN, found by the C++ fuzzer's program tests/fuzz/found/poison-lane-nan-rows-512-O2.cpp once
 * fuzz_runtime.h checked batched reverse mode (class wrong, real = float, -O2; the same
 * program without its old header). The C sweep of seeds 5000-5149 and the C++ one did not
 * meet it on their own.
 * Rerun: .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found-open/poison-lane-nan-width2-512-O2.cpp --levels O2
 *
 * Wrong: reverse-width2.lane0[2] and [3] (x[2], x[3]) and lane1[2], [3] are NaN; finite
 * differences give 0.003076, 0, -0.001538, 0 (enzyme-opt e91dfe5). reverse[i] and split[i]
 * (width 1) are right: the fix of found/poison-lane-nan-rows-512-O2.cpp works at width 1 only.
 *
 * Cause: the loop is SLP-vectorized into <2 x double> operations with poison lanes
 * (`fadd %v, <double -2.0, double poison>`, `shufflevector %50, poison, <i32 1, i32 poison>`,
 * then `fmul <2 x double> %50, %51`); in @reverse__Z6targetPfS_if.1 the fmul's adjoint
 * multiplies lane 1's zero adjoint by the poison lane of %51 (NaN at run time) with no
 * select. ad/adjoints.py defined_lanes_only(), which zeroes the shares of lanes the primal
 * leaves poison, returns early `if self.width != 1`: at width W the share is
 * [W x <2 x double>] and needs the same select in each of the W entries.
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
