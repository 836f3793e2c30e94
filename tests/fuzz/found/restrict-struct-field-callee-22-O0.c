/* FIXED (commit "Re-reads: the load's parameter is mapped back": augment.is_rereadable maps the load's parameter to the primal's; was wrong at -O0, -O1, -O2, -O3; enzyme-opt fb11a22): a field of a struct reached through a
 * restrict pointer, read by the differentiated function (`t5 = sin(s->w[1] * s->u + a)`) and
 * then overwritten by a noinline callee it passes the pointer to (`update_state6(s, a)` writes
 * st->u): the reverse sweep re-reads s->u after the call, so the gradient of s->w[1]
 * (reverse[15]) is 0.9972 where the finite differences give 0.9558. `--no-reuse` is right, and
 * so is split mode; without `__restrict` it is right.
 * Likely cause: as restrict-struct-field-inplace-24-O2.c (the callee's store into a field of
 * the restrict object is not seen as a write of the object whose loads are re-read).
 * found: tests/fuzz/run.py --seed 22 --levels O0 (generator of ef174bf), shrunk
 * rerun: .venv/bin/python tests/fuzz/run.py --source tests/fuzz/found-open/restrict-struct-field-callee-22-O0.c --levels O0,O1,O2,O3 */
/* enzyme-opt fuzz program, seed 22 (tests/fuzz/gen.py) */
typedef double real;
#define REAL_IS_FLOAT 0
#define NX 7
#define NO 3
#define NG 4
#define HAS_GLOBAL 1
#define FUZZ_STATE 1
#include "fuzz_runtime.h"

real g_w[NG] = {0.7, -0.4, 1.1, 0.3};
real d_g_w[NG];  /* its shadow: tests/fuzz/run.py adds !enzyme_shadow */

FUZZ_NOINLINE void update_state6(struct fuzz_state *__restrict st, real c) {
  st->u = 0.6 * st->u * cos(st->u) + 0.2 * sin(log(1.5 + pow(1.1 + 1.25 * 1.25, 0.5 + 0.1 * c) * pow(1.1 + 1.25 * 1.25, 0.5 + 0.1 * c)));
}

FUZZ_NOINLINE real target(real *__restrict x, real *__restrict out, int n, real a, struct fuzz_state *__restrict s) {
  real t5 = sin(s->w[1] * s->u + a);
  update_state6(s, a);
  return atan(hypot(sin(t5), 0.7 + fmin(-0.6, t5) * fmin(-0.6, t5))) + atan(out[1]);
}

int main(void) { return fuzz_check_all(); }
