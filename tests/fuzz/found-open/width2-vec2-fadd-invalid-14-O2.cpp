/* OPEN (invalid output at -O0, -O1, -O2, -O3; enzyme-opt fb11a22, and 2c57365 before issue 20's
 * work): batched reverse mode (__enzyme_autodiff at enzyme_width 2, fuzz_check_reverse_width2)
 * of a float program calling a noinline function that takes and returns `Vec2` (two floats,
 * `<2 x float>` in registers) by value writes `fadd [2 x <2 x float>] %71, zeroinitializer`:
 * enzyme-opt's own check of its output stops with "the output: ...: error: invalid operand type
 * for instruction". The fadd of a whole [W x <n x T>] adjoint, like the fneg fixed in 507bdb5
 * (batched/reverse-vector-fsub.c): an operation on a batched vector adjoint needs one per lane.
 * The struct parameter (FUZZ_STATE) is not needed: without it the output is invalid too.
 * found: tests/fuzz/run.py --lang cpp --seed 14 --levels O2 (generator of ef174bf), shrunk
 * rerun: .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found-open/width2-vec2-fadd-invalid-14-O2.cpp --levels O0,O1,O2,O3 */
/* enzyme-opt fuzz program, seed 14 (tests/fuzz/gen_cpp.py, C++) */
typedef float real;
#define REAL_IS_FLOAT 1
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

struct Vec2 {
  real x, y;
  Vec2(real x_, real y_) : x(x_), y(y_) {}
  Vec2 operator+(const Vec2 &o) const { return Vec2(x + o.x, y + o.y); }
  Vec2 operator*(real s) const { return Vec2(x * s, y * s); }
};

FUZZ_NOINLINE Vec2 vec2_fn7(Vec2 p, const Vec2 &q, real c) {
  return (p + q) * 0.5;
}

FUZZ_NOINLINE real target(real *x, real *out, int n, real a, struct fuzz_state *s) {
  real cpy1[3]; memcpy(cpy1, out, sizeof(real) * 3);
  Vec2 p4(tanhf(asinhf(atanf(a))), tanhf(fmaxf(asinhf(a), (s->u - s->u))));
  auto hp5 = std::make_unique<Vec2>(sinf(logf(1.5 + exp2f(0.25 * a) * exp2f(0.25 * a))), sinf(sinhf(0.3 * cpy1[0])));
  Vec2 p6 = vec2_fn7(p4, (*hp5), a);
  real t8 = std::accumulate(x, x + 7, (real)0, [&](real s, real u) -> real { return 0.8 * s + 0.3 * tanhf(erff(0.5 * expf(0.3 * x[6]))); });
  return atanf(((a * p6.x) + t8)) + atanf((cpy1[0] + sqrtf(1.0 + 0.75 * 0.75)));
}

int main(void) { return fuzz_check_all(); }
