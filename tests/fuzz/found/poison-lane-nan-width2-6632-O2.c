/* FOUND by the C fuzzer: seed 6632, -O2, class wrong (real = float), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --seed 6632 --levels O2 --keep /tmp/fuzz-6632-O2 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --source tests/fuzz/found/poison-lane-nan-width2-6632-O2.c --levels O2
 *
 * Wrong: reverse-width2.lane0[2] and lane1[2] (x[2]) are NaN; finite differences give 0
 * (enzyme-opt e91dfe5). Width 1 (reverse[i], split[i]) is right. The same bug as
 * poison-lane-nan-width2-512-O2.cpp, from plain C.
 *
 * Cause: t1 is dead but its operands stay: clang -O2 SLP-vectorizes
 * (0.5*erff(..)) * (-0.6*x[2]) into `%12 = fmul <2 x double> %11, <0.5, -0.6>`,
 * `%13 = shufflevector %12, poison, <i32 1, i32 poison>`, `%14 = fmul %12, %13` and uses
 * lane 0 only. In the width-2 reverse the adjoint of %14 (lane 1 zero) is multiplied by %13's
 * poison lane 1 (whatever the register holds: NaN here) and the NaN flows through %12 into
 * x[2]'s shadow. ad/sweeps/adjoints.py defined_lanes_only() masks such lanes at width 1 only
 * (`if self.width != 1 ... return share`).
 *
 * Fixed in 19948f3 (poison lanes masked at every width; tests/lit/regress/poison-lane-partial-width2.ll).
 */
/* enzyme-opt fuzz program, seed 6632 (tests/fuzz/gen.py) */
typedef float real;
#define REAL_IS_FLOAT 1
#define NX 7
#define NO 3
#define NG 4
#define HAS_GLOBAL 0
#include "fuzz_runtime.h"

FUZZ_NOINLINE real target(real *x, real *out, int n, real a) {
  real t1 = sinf((0.5 * erff(0.5 * a) * (-0.6 * x[2])));
  return atanf(powf(1.2 + (x[6] * x[1]) * (x[6] * x[1]), 0.75)) + tanhf(-0.6);
}

int main(void) { return fuzz_check_all(); }
