/* FOUND by the C++ fuzzer: seed 5014, -O2, class invalid (real = float), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 5014 --levels O2 --keep /tmp/fuzz-5014-O2-cpp --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/fneg-vector-width2-5014-O2.cpp --levels O2
 *
 * Invalid: "enzyme-opt: error: the output: <string>:N: error: invalid operand type for
 * instruction" (enzyme-opt e91dfe5): `%179 = fneg [2 x <2 x float>] %170` in
 * @reverse__Z6targetPfS_if.1, the width-2 reverse that fuzz_check_reverse_width2 uses.
 *
 * Cause: std::adjacent_difference is SLP-vectorized at -O2 into `fsub <2 x float>`. At width
 * W > 1 the adjoint of a <2 x float> value is [W x <2 x float>] (not one flat vector), and
 * ad/sweeps/adjoints.py scale() takes its shortcut `if self.width == 1 or partial in (ONE, NEG_ONE):
 * return times_partial(b, partial, dy)` for fsub's second operand (partial -1), which emits
 * one fneg of the whole aggregate; the per-lane path below it (self.per_lane) is what the
 * non-vectorized case needs. Any vector fsub (or fneg) of an active value at width >= 2, any
 * level: fsub-vector-width2-minimal.c is the same in 10 lines of C. Caught by the verifier,
 * so not silent.
 *
 * Fixed in 507bdb5 (the -1 partial applied to each adjoint lane; tests/lit/batched/reverse-vector-fsub.c).
 */
/* enzyme-opt fuzz program, seed 5014 (tests/fuzz/gen_cpp.py, C++) */
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

struct Poly {
  std::vector<real> c;
  Poly(const real *p, int m) : c(p, p + m) {}
  real eval(real t) const { real r = 0; for (auto it = c.rbegin(); it != c.rend(); ++it) r = r * t + *it; return r; }
};

FUZZ_NOINLINE real target(real *x, real *out, int n, real a) {
  Poly pl3(out, 3);
  real t4 = 0.2 * pl3.eval(0.8 * tanhf(erff(0.5 * a)));
  std::vector<real> vec5; vec5.reserve(2);
  for (int i6 = 0; i6 < 3; i6++) {
    vec5.push_back(tanhf(t4));
  }
  std::adjacent_difference(vec5.begin(), vec5.end(), vec5.begin());
  vec5.insert(vec5.begin() + 2, out, out + 3);
  std::array<real, 5> sa7{};
  std::array<real, 5> sa10 = sa7;
  return atanf((powf(1.1 + 1.25 * 1.25, 0.5 + 0.1 * vec5[2]) - atanf(t4))) + atanf(sa10[1]);
}

int main(void) { return fuzz_check_all(); }
