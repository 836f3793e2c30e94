/* FOUND by the C++ fuzzer: seed 5091, -O2, class crashed (real = double), shrunk; the
 * same bug crashed seeds 5007, 5030, 5060 and 5079 (std::vector<float|double>::insert(pos,
 * n, v) or resize(n, v), both std::vector::_M_fill_insert).
 * Regenerate: .venv/bin/python tests/fuzz/run.py --lang cpp --seed 5091 --levels O2 --keep /tmp/fuzz-5091-O2-cpp --shrink
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/fill-insert-width2-5091-O2.cpp --levels O2
 *
 * Crashed: the program dies with SIGSEGV (or "free(): invalid pointer") in
 * @reverse__ZNSt6vectorIdSaIdEE14_M_fill_insert...Kd.1, the width-2 reverse of
 * vector::_M_fill_insert called from diffe2 (fuzz_check_reverse_width2); enzyme-opt e91dfe5.
 * Passes at -O0/-O1 and with -DFUZZ_SKIP_REVERSE_WIDTH2 (combined and split width 1 are fine).
 *
 * Cause: in the width-2 augmented _M_fill_insert, the relocation
 * `memmove(new, old, %339)` with %339 = ptrtoint(pos) - ptrtoint(old begin) pushes a record
 * holding [2 x ptr] new-buffer shadows, the two old-buffer shadows and the old begin, but not
 * %339. Its reverse (invert<block>) does not recompute %339 from pos and the old begin (the
 * width-1 reverse does: `sub i64 (ptrtoint %2), (ptrtoint %253)`); it loads it from a stack
 * slot that only the reverses of two OTHER blocks store into (the fill loop's record, which
 * also caches %339 because lane 1's shadow pointer is cached as base + %339 while lane 0's is
 * cached as the GEP result, and the block after the second memmove). Those run later in the
 * reverse sweep, or not at all, so the memmove adjoint (enzyme_opt.memcpy.adjoint.f64) gets an
 * uninitialised byte count: valgrind on the output compiled at -O0 reports "Conditional jump
 * depends on uninitialised value(s) ... created by a stack allocation" in that function and
 * invalid reads/writes right after the 24-byte shadow buffer; at -O2 it corrupts the heap.
 * A wrong (not crashing) gradient is as likely: the count is whatever the slot holds.
 *
 * Fixed in 29d04b1 (a hoisted value read from its slot only inside its loop; tests/lit/regress/hoisted-value-outside-its-loop.cpp).
 */
/* enzyme-opt fuzz program, seed 5091 (tests/fuzz/gen_cpp.py, C++) */
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

FUZZ_NOINLINE real target(real *x, real *out, int n, real a) {
  real t2 = *std::max_element(out, out + 3);
  for (int i12 = 0; i12 < n; i12++) {
    std::vector<real> vec13(out, out + 3);
    std::transform(vec13.begin(), vec13.end(), vec13.begin(), [&](real u) -> real { return 0.6 * u + 0.3 * sin(asinh(fmin(a, u))); });
    vec13.resize(4, (real)-0.6);
    vec13.emplace_back(tanh(exp2(0.25 * log1p(out[i12 % 3] * out[i12 % 3]))));
  }
  return tanh(hypot(0.75, 0.7 + (out[1] + t2) * (out[1] + t2))) + atan(out[2]);
}

int main(void) { return fuzz_check_all(); }
