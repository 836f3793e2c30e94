/* FOUND by the C++ fuzzer: seed 4018, -O1, class wrong in every reverse mode (and with
 * --no-reuse), shrunk (generator of 528e452, enzyme-opt 7f1c746; issue 20's sweep).
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 4018 --levels O1 --keep /tmp/fuzz-4018-O1-cpp --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/std-array-copy-omnipotent-char-4018-O1.cpp --levels O0,O1,O2,O3
 *
 * Wrong: `std::array<real, 3> sa10 = sa8;` stays a memcpy at -O1 (both arrays escape to a
 * call) with clang's `!tbaa.struct` naming one 24-byte field of type "omnipotent char";
 * the memcpy's adjoint took that field for an integer and dropped it, so the derivative of
 * `a` through `reduce11(sa10.data() + 1, ...)` was lost (0.559 instead of 0.579; 0 in the
 * hand-reduced IR). Only with the other, dead statements around it: without them LLVM
 * removed the copy first.
 * Fixed: a copy with a field of unknown TBAA type is typed from how its memory is accessed
 * (analysis/types._copy_fields). Lit: regress/copy-of-unknown-tbaa-field.ll. */
/* enzyme-opt fuzz program, seed 4018 (tests/fuzz/gen_cpp.py, C++) */
typedef double real;
#define REAL_IS_FLOAT 0
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

FUZZ_NOINLINE real reduce11(const real *p, int m, real c) {
  real s = 0;
  for (int i = 0; i < m; i++) {
    s = 0.8 * s + 0.3 * sin((expm1(0.2 * p[i]) / (2.0 + sqrt(1.0 + -0.6 * -0.6) * sqrt(1.0 + -0.6 * -0.6))));
  }
  return s;
}

struct Poly {
  std::vector<real> c;
  Poly(const real *p, int m) : c(p, p + m) {}
  real eval(real t) const { real r = 0; for (auto it = c.rbegin(); it != c.rend(); ++it) r = r * t + *it; return r; }
};

FUZZ_NOINLINE real target(real *x, real *out, int n, real a) {
  std::vector<real> vec1 = {(real)(sin(sin(exp(0.3 * a)))), (real)(sin(fmin((1.25 - x[6]), -0.6))), (real)(sin(1.25))};
  for (real &e : vec1) e *= 0.3; std::partial_sum(vec1.begin(), vec1.end(), vec1.begin());
  vec1.shrink_to_fit(); vec1.push_back(sin(erf(0.5 * sin(out[1]))));
  std::transform(vec1.begin(), vec1.end(), vec1.begin(), [&](real u) -> real { return 0.6 * u + 0.3 * tanh((0.5 * log(1.5 + out[0] * out[0]) * sin(x[2]))); });
  std::unique_ptr<real[]> up2(new real[7]());
  std::array<real, 3> sa8{};
  for (int i9 = 0; i9 < 3; i9++) {
    sa8[i9] = tanh(a);
  }
  std::array<real, 3> sa10 = sa8;
  real t12 = reduce11(sa10.data() + 1, 3 - 1, sa10[1]);
  for (int i13 = 0; i13 < 3; i13++) {
    real t14 = pow(1.1 + t12 * t12, 0.5 + 0.1 * t12) > -0.3 ? sin(asinh((0.75 / (2.0 + t12 * t12)))) : sin((pow(1.1 + a * a, 0.5 + 0.1 * t12) - erf(0.5 * t12)));
    real t18 = a > -0.3 ? sin(up2[(i13 + 2) % 7]) : tanh(cbrt(2.0 + (x[i13 % 7] / (2.0 + -0.6 * -0.6)) * (x[i13 % 7] / (2.0 + -0.6 * -0.6))));
  }
  real t19 = atan(t12);
  for (int i20 = 0; i20 < 7; i20++) {
    int q24 = (int)(3.0 + 2.5 * tanh((a - x[(i20 + 1) % 7])));
  }
  int k29 = 0;
  do {
    {
      real *heap30 = (real *)malloc(sizeof(real) * n); memset(heap30, 0, sizeof(real) * n);
      for (int i31 = 0; i31 < n; i31++) {
        heap30[i31] = tanh(t12);
      }
      Poly pl32(out, 3);
      real t33 = 0.2 * pl32.eval(0.8 * tanh((up2[(k29 + 6) % 7] - a)));
      t12 = 0.5 * t12 + 0.3 * heap30[k29];
    }
    k29++;
  } while (k29 < 2);
  real s37 = 0;
  for (real e36 : vec1) {
    s37 = 0.8 * s37 + 0.3 * tanh(fmax(cos(0.75), s37));
  }
  for (const real &e38 : sa8) {
  }
  return sin((t19 - up2[1])) + sin(erf(0.5 * fmin(0.3, a)));
}

int main(void) { return fuzz_check_all(); }
