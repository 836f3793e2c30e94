/* FOUND by the C++ fuzzer: seed 449, -O0, class wrong (real = float), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 449 --levels O0 --keep /tmp/fuzz-449 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/memmove-erase-float-449-O0.cpp --levels O0
 * (reverse[i]: x[0..6], then a = 7, then g_w[0..3]; values AD vs FD small step)
 *
 * Wrong: reverse[6] 0.00759 vs FD 0 (O0 only; at O2 clang leaves no memmove):
 * vec15.erase(begin+1) shifts the adjoint of vec15[1] onto the element from x[6].
 *
 * Likely cause: the reverse of a memmove whose destination lies below its source (a left
 * shift: vector::erase, std::rotate by one).
 * enzyme_opt/ad/helpers.py memcpy_adjoint walks the elements upwards doing src'[i] += dst'[i];
 * dst'[i] = 0; when the regions overlap with dst < src, src'[i] is dst'[i+k], read again k
 * steps later, so every adjoint in the moved range cascades to the last source element.
 * Walking downwards when dst' < src' (or copying dst' out first) would fix it; right shifts
 * (dst > src) are correct as they are.
 */
/* enzyme-opt fuzz program, seed 449 (tests/fuzz/gen_cpp.py, C++) */
typedef float real;
#define REAL_IS_FLOAT 1
#define NX 7
#define NO 3
#define NG 4
#define HAS_GLOBAL 1
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

FUZZ_NOINLINE real recursive13(real v, int d) {
  if (d <= 0) {
    return v;
  }
  return 0.6 * recursive13(atanf(atanf(v)), d - 1) + 0.3 * v;
}

FUZZ_NOINLINE real target(real *x, real *out, int n, real a) {
  struct rec rec1[3] = {{0}};
  for (int i2 = 0; i2 < 3; i2++) {
    rec1[i2].w = sinf((a / (2.0 + erff(0.5 * a) * erff(0.5 * a))));
  }
  auto up11 = std::make_unique<real[]>(5);
  for (int i12 = 0; i12 < 5; i12++) {
    up11[i12] = sinf(g_w[i12 % 4]);
  }
  real t14 = recursive13(up11[4], 1);
  std::vector<real> vec15 = {(real)(tanhf(atan2f((t14 * g_w[0]), 2.0 + a * a))), (real)(tanhf(hypotf(log1pf(0.75 * 0.75), 0.7 + g_w[3] * g_w[3]))), (real)(sinf(asinhf(atan2f(rec1[1].w, 2.0 + g_w[0] * g_w[0])))), (real)(atanf(x[6]))};
  vec15.erase(vec15.begin() + 1);
  return atanf(sqrtf(1.0 + (vec15[1] * up11[3]) * (vec15[1] * up11[3]))) + tanhf(fminf(x[1], (rec1[0].w + t14)));
}

int main(void) { return fuzz_check_all(); }
