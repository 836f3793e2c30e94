/* OPEN (wrong at -O0, -O1, -O2, -O3; enzyme-opt fb11a22), reduced by hand from the fuzz
 * programs below: a restrict pointer argument other than the first (`out`), read, then
 * overwritten by the function: the reverse sweep re-reads out[1] after the store, and the
 * gradient of a (reverse[7]) is 0.7449 where the finite differences give 0.2498 (both lanes
 * of batched reverse mode too; split mode is right). Right with `--no-reuse`, without
 * `__restrict` on out, and for the first argument (`x[2] = ...` after reading x[n - 5] is
 * right: 2c57365). The fuzz programs restrict-out-*, restrict-struct-field-* and the C sweep's
 * seeds 1008 (O1), 1104 (O0-O2, reuse-differs only), 1167, 1178, 1219 (O0, O1) are this bug.
 * rerun: .venv/bin/python tests/fuzz/run.py --source tests/fuzz/found-open/restrict-second-argument-minimal-O0.c --levels O0,O1,O2,O3 */
/* enzyme-opt fuzz program, reduced by hand (issue 20 fuzzing) */
typedef double real;
#define REAL_IS_FLOAT 0
#define NX 7
#define NO 3
#define NG 4
#define HAS_GLOBAL 0
#include "fuzz_runtime.h"

FUZZ_NOINLINE real target(real *__restrict x, real *__restrict out, int n, real a) {
  real t = sin(out[1] * a);
  out[1] += 0.5;
  return t;
}

int main(void) { return fuzz_check_all(); }
