/* FIXED (commit "Re-reads: the load's parameter is mapped back": augment.is_rereadable maps the load's parameter to the primal's; was wrong at -O0, -O1, -O2, -O3; enzyme-opt fb11a22): an element of a restrict array
 * parameter read at an index the program computes (`out[(s->k + 0) % 3]`, a load of the
 * struct's int field), then overwritten at a constant index (`out[2] += ...`, the same
 * element): the reverse sweep re-reads out[s->k % 3] after the store, so fmax picks the other
 * operand and the gradient of a (reverse[7]) is 1.6697 where the finite differences give
 * 0.9760. `--no-reuse` is right, and so is split mode. A 4-line C version is
 * restrict-dynamic-index-minimal-O0.c.
 * Likely cause: the check that a store cannot overlap a re-read load (b58fd62, 2c57365)
 * answers "cannot overlap" for a load at a run-time index and a store at a constant index of
 * the same restrict object.
 * found: tests/fuzz/run.py --lang cpp --seed 22 --levels O2 (generator of ef174bf), shrunk
 * rerun: .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found-open/restrict-dynamic-index-22-O2.cpp --levels O0,O1,O2,O3 */
/* enzyme-opt fuzz program, seed 22 (tests/fuzz/gen_cpp.py, C++) */
typedef double real;
#define REAL_IS_FLOAT 0
#define NX 7
#define NO 3
#define NG 4
#define HAS_GLOBAL 1
#define FUZZ_STATE 1
#include "fuzz_runtime.h"
#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

real g_w[NG] = {0.7, -0.4, 1.1, 0.3};
real d_g_w[NG];  /* its shadow: tests/fuzz/run.py adds !enzyme_shadow */

struct Vec2 {
  real x, y;
  Vec2(real x_, real y_) : x(x_), y(y_) {}
};

FUZZ_NOINLINE real target(real *__restrict x, real *__restrict out, int n, real a, struct fuzz_state *__restrict s) {
  for (int j = 0; j < 3; j++) {
    out[j] = 0.1 * j;
  }
  Vec2 p4(sin(log(1.5 + sin(s->v) * sin(s->v))), sin(tanh(cosh(0.3 * x[1]))));
  std::array<real, 3> sa5{};
  out[0] += tanh(atan(fmax(out[(s->k + 0) % 3], a)));
  out[2] += tanh(tanh((g_w[(s->k + 3) % 4] * p4.x)));
  return tanh(a) + atan(sa5[1]);
}

int main(void) { return fuzz_check_all(); }
