/* FIXED (commit "Re-reads: the load's parameter is mapped back": augment.is_rereadable maps the load's parameter to the primal's; was wrong at -O0, -O1, -O2, -O3; enzyme-opt fb11a22): a field of a struct reached through a
 * restrict pointer parameter, read and then overwritten in place by the differentiated
 * function (`s->w[0] = s->w[0] * (0.5 + 0.3 * tanh(s->w[0])) + ...`): the reverse sweep
 * re-reads the field after the store, so the gradient of s->w[0] (reverse[10]; also both lanes
 * of batched reverse mode) uses the new value: 0.1619 where the finite differences give
 * 0.1568. `--no-reuse` is right, and so is split mode (it tapes the value). Without
 * `__restrict` on s it is right; a restrict `double *x` overwritten the same way is right
 * (fixed in 2c57365), and one line reproduces it: `s->u = s->u * (0.5 + 0.3 * tanh(s->u));`.
 * Likely cause: the re-read of loads per region for noalias parameters (b58fd62) does not see
 * the function's own store into a struct field of the restrict object (a GEP into the struct
 * rather than the argument itself) as a write of that object.
 * found: tests/fuzz/run.py --seed 24 --levels O2 (generator of ef174bf), shrunk
 * rerun: .venv/bin/python tests/fuzz/run.py --source tests/fuzz/found-open/restrict-struct-field-inplace-24-O2.c --levels O0,O1,O2,O3 */
/* enzyme-opt fuzz program, seed 24 (tests/fuzz/gen.py) */
typedef double real;
#define REAL_IS_FLOAT 0
#define NX 7
#define NO 3
#define NG 4
#define HAS_GLOBAL 0
#define FUZZ_STATE 1
#include "fuzz_runtime.h"

FUZZ_NOINLINE real target(real *__restrict x, real *__restrict out, int n, real a, struct fuzz_state *__restrict s) {
  s->w[0] = s->w[0] * (0.5 + 0.3 * tanh(s->w[0])) + 0.2 * sin(exp2(0.25 * expm1(0.2 * x[6])));
  return tanh(sqrt(1.0 + (a * out[0]) * (a * out[0]))) + tanh((1.0 / (1.5 + cbrt(2.0 + s->v * s->v) * cbrt(2.0 + s->v * s->v))));
}

int main(void) { return fuzz_check_all(); }
