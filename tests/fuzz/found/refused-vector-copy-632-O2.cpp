/* FOUND by the C++ fuzzer: seed 632, -O2, class refused (real = double), not shrunk.
 * Rerun:      .venv/bin/python tests/fuzz/run.py --lang cpp --source tests/fuzz/found/refused-vector-copy-632-O2.cpp --levels O2
 *
 * Refused: "cannot differentiate a copy of memory that holds both pointers and floating-point
 * values without type information". std::vector<double>(x, x + 7) copies 56 bytes into fresh
 * memory, whose erase at -O2 moves one element as load i64 / store i64. Nothing near that move
 * said what the memory held, so preprocessing moved it as a pointer (the rule for an 8-byte move
 * without evidence), and the copy's memory then looked like pointers and doubles. Preprocessing
 * now asks analysis/pointees.py (the whole program: the elements are read as doubles after
 * vec5.insert copies them) before falling back to a pointer move. Seed 658 was the same.
 */
/* enzyme-opt fuzz program, seed 632 (tests/fuzz/gen_cpp.py, C++) */
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

FUZZ_NOINLINE real *allocate2(const real *p, int m, real c) {
  real *q = (real *)malloc(sizeof(real) * (m + 2)); memset(q, 0, sizeof(real) * (m + 2));
  q[m] = c; q[m + 1] = 0.5 * c;
  for (int i = 0; i < m; i++) {
    q[i] = tanh(c);
  }
  return q;
}

FUZZ_NOINLINE real target(real *x, real *out, int n, real a) {
  for (int j = 0; j < 3; j++) {
    out[j] = 0.1 * j;
  }
  std::vector<real> vec1(x, x + 7);
  vec1.erase(vec1.begin() + 5);
  real *buf3 = allocate2(x + 4, n - 4, a);
  real t4 = 0.5 * buf3[0] + 0.25 * buf3[1]; free(buf3);
  std::vector<real> vec5; vec5.reserve(2);
  for (int i6 = 0; i6 < 9; i6++) {
    vec5.push_back(tanh(fabs(asinh(out[i6 % 3]))));
  }
  std::rotate(vec5.begin(), vec5.begin() + 3, vec5.end());
  vec5.insert(vec5.begin() + 2, vec1.begin(), vec1.end());
  out[1] += sin(asinh((vec5[11] - x[2])));
  return sin(log(1.5 + (0.5 * a * a) * (0.5 * a * a))) + atan(exp2(0.25 * sin(t4)));
}

int main(void) { return fuzz_check_all(); }
