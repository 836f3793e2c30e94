/* FOUND by the C++ fuzzer: seed 604, -O2, class wrong (real = float), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 604 --levels O2 --keep /tmp/fuzz-604 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/i64-punned-float-move-realloc-604-O2.cpp --levels O2
 * (reverse[i]: x[0..6], then a = 7, then g_w[0..3]; values AD vs FD small step)
 *
 * Wrong: reverse[7] (a) 0.04916 vs FD 0.04590 (7 % off); O2 only.
 *
 * Likely cause: the same as i64-punned-float-move-426-O2.cpp. push_back after shrink_to_fit
 * reallocates vec19 and clang -O2 relocates its two floats with `load i64` / `store i64`; the
 * derivative carried by those two floats is not moved.
 */
/* enzyme-opt fuzz program, seed 604 (tests/fuzz/gen_cpp.py, C++) */
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
  std::vector<real> vec17; vec17.reserve(2);
  for (int i18 = 0; i18 < 7; i18++) {
    vec17.push_back(sinf((sqrtf(1.0 + a * a) + atan2f(out[2], 2.0 + 0.5 * 0.5))));
  }
  std::rotate(vec17.begin(), vec17.begin() + 2, vec17.end());
  std::reverse(vec17.begin(), vec17.end());
  std::vector<real> vec19 = {(real)(sinf(fmaxf(expf(0.3 * x[0]), fminf(a, a)))), (real)(atanf(fminf((1.25 - a), sinf(a))))};
  vec19.shrink_to_fit(); vec19.push_back(sinf(hypotf(fmaxf(a, 2.0), 0.7 + powf(1.1 + vec17[1] * vec17[1], 0.5 + 0.1 * out[2]) * powf(1.1 + vec17[1] * vec17[1], 0.5 + 0.1 * out[2]))));
  for (real &e : vec19) e *= 0.3; std::partial_sum(vec19.begin(), vec19.end(), vec19.begin());
  vec19.emplace_back(tanhf(vec17[2]));
  Poly pl20(vec19.data(), 4);
  real t21 = 0.2 * pl20.eval(0.8 * tanhf((1.0 / (1.5 + vec19[0] * vec19[0]))));
  return tanhf(((t21 + 2.0) / (2.0 + (a / (2.0 + t21 * t21)) * (a / (2.0 + t21 * t21))))) + atanf(((t21 * vec19[0]) * expf(0.3 * -0.6)));
}

int main(void) { return fuzz_check_all(); }
