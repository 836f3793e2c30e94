/* FIXED (commit "Re-reads: the load's parameter is mapped back": augment.is_rereadable maps the load's parameter to the primal's; was wrong at -O0, -O1, -O2, -O3; enzyme-opt fb11a22): a field of a struct reached through a
 * restrict pointer (s->w[0]) read by the differentiated function (`fmin(s->w[0], 0.3)`), then
 * overwritten by a noinline callee through a `real &` out-parameter bound to it
 * (`refout8(..., s->w[0])`): the reverse sweep re-reads s->w[0] after the call, fmin picks the
 * other operand, and the gradient of s->w[0] (reverse[10]; both lanes of batched reverse mode)
 * is 0 where the finite differences give -0.2929. `--no-reuse` is right, and so is split mode.
 * Probably the bug of restrict-struct-field-callee-22-O0.c (a callee's store into a field of
 * the restrict object not seen as a write of it), met through a C++ reference.
 * found: tests/fuzz/run.py --lang cpp --seed 9 --levels O1 (generator of ef174bf), shrunk
 * rerun: .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found-open/restrict-struct-field-refout-9-O1.cpp --levels O0,O1,O2,O3 */
/* enzyme-opt fuzz program, seed 9 (tests/fuzz/gen_cpp.py, C++) */
typedef double real;
#define REAL_IS_FLOAT 0
#define NX 7
#define NO 3
#define NG 4
#define HAS_GLOBAL 0
#define FUZZ_STATE 1
#include "fuzz_runtime.h"
#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

FUZZ_NOINLINE void refout8(real u, real v, real &o1, real &o2) {
  o2 = tanh(u);
}

FUZZ_NOINLINE real target(real *__restrict x, real *__restrict out, int n, real a, struct fuzz_state *__restrict s) {
  s->v = 0.5 * s->v + 0.4 * sin(fmin(s->w[0], 0.3));
  refout8(atan(x[(s->k + 3) % 7]), s->v, x[3], s->w[0]);
  return tanh(atan(a)) + sin(expm1(0.2 * fmax(s->u, s->u)));
}

int main(void) { return fuzz_check_all(); }
