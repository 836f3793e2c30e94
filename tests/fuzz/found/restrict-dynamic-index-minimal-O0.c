/* FIXED (commit "Re-reads: the load's parameter is mapped back": augment.is_rereadable maps the load's parameter to the primal's; was wrong at -O0, -O1, -O2, -O3; enzyme-opt fb11a22): restrict-dynamic-index-22-O2.cpp
 * reduced by hand to C: out[n - 5] (out[2], at an index computed at run time) is read, then
 * out[2] is overwritten; the reverse sweep re-reads out[n - 5] after the store and the gradient
 * of a (reverse[7]) is 0.7489 where the finite differences give 1.1258. Right with
 * `--no-reuse`, in split mode, and without `__restrict`; at -O0 a constant index (out[2])
 * fails the same way (at -O2 the load is forwarded from the initializing store).
 * rerun: .venv/bin/python tests/fuzz/run.py --source tests/fuzz/found-open/restrict-dynamic-index-minimal-O0.c --levels O0,O1,O2,O3 */
/* enzyme-opt fuzz program, reduced by hand from C++ seed 22 */
typedef double real;
#define REAL_IS_FLOAT 0
#define NX 7
#define NO 3
#define NG 4
#define HAS_GLOBAL 0
#include "fuzz_runtime.h"

FUZZ_NOINLINE real target(real *__restrict x, real *__restrict out, int n, real a) {
  for (int j = 0; j < 3; j++) {
    out[j] = 0.1 * j;
  }
  out[0] += tanh((out[n - 5] * a));
  out[2] -= 0.5 + 0.1 * x[1];
  return tanh(a);
}

int main(void) { return fuzz_check_all(); }
