/* FOUND by the C++ fuzzer: seed 361, -O0, class wrong (real = double), shrunk.
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 361 --levels O0 --keep /tmp/fuzz-361 --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/memmove-rotate-gw-361-O0.cpp --levels O0
 * (reverse[i]: x[0..6], then a = 7, then g_w[0..3]; values AD vs FD small step)
 *
 * Wrong: reverse[0] 0 vs FD 0.00978 and reverse[5] 0.01265 vs FD 0.01119: std::rotate by one
 * moves x[0]'s adjoint onto the element computed from x[5]. Same at O2.
 *
 * Likely cause: the reverse of a memmove whose destination lies below its source (a left
 * shift: vector::erase, std::rotate by one).
 * enzyme_opt/ad/helpers.py memcpy_adjoint walks the elements upwards doing src'[i] += dst'[i];
 * dst'[i] = 0; when the regions overlap with dst < src, src'[i] is dst'[i+k], read again k
 * steps later, so every adjoint in the moved range cascades to the last source element.
 * Walking downwards when dst' < src' (or copying dst' out first) would fix it; right shifts
 * (dst > src) are correct as they are.
 */
/* enzyme-opt fuzz program, seed 361 (tests/fuzz/gen_cpp.py, C++) */
typedef double real;
#define REAL_IS_FLOAT 0
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

class Smoother {
  real s_, k_;
  public:
  explicit Smoother(real k) : s_(0), k_(k) {}
  FUZZ_NOINLINE void feed(real v) { s_ = k_ * s_ + (1 - k_) * std::tanh(v); }
  real value() const { return s_; }
};

FUZZ_NOINLINE real target(real *x, real *out, int n, real a) {
  std::vector<real> vec1 = {(real)(sin(g_w[2])), (real)(atan(sin(fmin(a, x[0])))), (real)(atan(exp2(0.25 * fabs(x[5]))))};
  std::rotate(vec1.begin(), vec1.begin() + 1, vec1.end());
  vec1.insert(vec1.begin() + 1, atan(fmax(0.3, atan(a))));
  Smoother sm7(0.3);
  for (real e9 : vec1) {
    sm7.feed(e9);
  }
  real t8 = sm7.value();
  out[2] += sin(t8);
  return sin(fabs((1.0 / (1.5 + a * a)))) + sin(pow(1.2 + (g_w[2] * a) * (g_w[2] * a), 0.75));
}

int main(void) { return fuzz_check_all(); }
