/* FOUND by the C++ fuzzer: seed 14, -O0..-O3, class invalid (batched reverse mode, width 2),
 * shrunk (generator of ef174bf, enzyme-opt fb11a22; 2c57365 had it too).
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 14 --levels O2 --keep /tmp/fuzz-14-O2-cpp --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/width2-vec2-fadd-invalid-14-O2.cpp --levels O0,O1,O2,O3
 *
 * Invalid: a noinline function takes and returns `Vec2` (two floats, `<2 x float>` in
 * registers) by value; its width-2 reverse returns the parameter's adjoint as a
 * [2 x <2 x float>], and the "+ 0.0" that turns an adjoint that received nothing into +0.0
 * was one `fadd` of the whole array: enzyme-opt's check of its output stopped.
 * Fixed: reverse.plus_zero goes element by element. Lit: batched/reverse-vector-parameter.c. */
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
