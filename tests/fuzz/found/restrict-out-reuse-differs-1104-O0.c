/* FIXED (commit "Re-reads: the load's parameter is mapped back"; was reuse-differs at -O0, -O1,
 * -O2 on enzyme-opt fb11a22): the default reverse gradient differed from --no-reuse's by about
 * 1e-6 relative in 21 values (reverse[0] -0.2003890899 against -0.2003889089): below the
 * finite differences' tolerance, so only the conservative comparison saw it. `out`, a restrict
 * argument other than the first, is updated in a loop (`out[i1 % 3] = 0.5 * out[i1 % 3] + ...`)
 * and read again after (`out[0] += sin(expm1(0.2 * out[2]) / ...)`): the reverse sweep re-read
 * it after the stores (right without `__restrict` on out).
 * found: tests/fuzz/run.py --seed 1104 --levels O0 (generator of ef174bf), shrunk
 * rerun: .venv/bin/python tests/fuzz/run.py --source tests/fuzz/found/restrict-out-reuse-differs-1104-O0.c --levels O0,O1,O2,O3 */
/* enzyme-opt fuzz program, seed 1104 (tests/fuzz/gen.py) */
typedef double real;
#define REAL_IS_FLOAT 0
#define NX 7
#define NO 3
#define NG 4
#define HAS_GLOBAL 0
#include "fuzz_runtime.h"

FUZZ_NOINLINE real target(real *__restrict x, real *__restrict out, int n, real a) {
  for (int j = 0; j < 3; j++) {
    out[j] = 0.1 * j;
  }
  for (int i1 = 0; i1 < 7; i1++) {
    {
      real bufa2[7], bufb3[7];
      real *cur4 = bufa2, *nxt5 = bufb3;
      for (int i7 = 0; i7 < n; i7++) {
        cur4[i7] = x[i7];
      }
      for (int s6 = 0; s6 < 10; s6++) {
        for (int i7 = 0; i7 < n; i7++) {
          nxt5[i7] = cur4[i7] + 0.1 * (cur4[(i7 + n - 1) % n] - 2 * cur4[i7] + cur4[(i7 + 1) % n]) + 0.05 * tanh(cur4[i7]);
        }
        real *swap = cur4; cur4 = nxt5; nxt5 = swap;
      }
      out[i1 % 3] = 0.5 * out[i1 % 3] + 0.3 * cur4[i1 % 3 % 7];
    }
  }
  real t8 = atan(log1p(atan2(x[0], 2.0 + x[0] * x[0]) * atan2(x[0], 2.0 + x[0] * x[0])));
  out[0] += sin((expm1(0.2 * out[2]) / (2.0 + log1p(out[0] * out[0]) * log1p(out[0] * out[0]))));
  return sin(t8) + sin(exp(0.3 * pow(1.1 + 0.3 * 0.3, 0.5 + 0.1 * a)));
}

int main(void) { return fuzz_check_all(); }
