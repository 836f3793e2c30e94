// Library functions that only read the memory they are given and return an integer are
// inactive whatever that memory holds: memcmp (bcmp once LLVM sees only == 0 used) and
// std::hash of a string's bytes (std::_Hash_bytes), here on active memory. A read moves
// no derivative and an integer carries none; the gradient is the branch's.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <cstdio>
#include <cstring>
#include <functional>
#include <string_view>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" int enzyme_const;

__attribute__((noinline)) double f(double *x, const double *y) {
  size_t h = std::hash<std::string_view>{}(std::string_view((const char *)x, 16));
  double scale = (h & 1) ? 1.0 : 1.0;  // the hash is used, the value does not change
  if (memcmp(x, y, 2 * sizeof(double)) == 0)
    return scale * x[0] * x[1];
  return scale * x[0] * x[0];
}

int main() {
  double x[2] = {3.0, 5.0}, dx[2] = {0, 0}, same[2] = {3.0, 5.0}, other[2] = {1.0, 1.0};
  __enzyme_autodiff((void *)f, x, dx, enzyme_const, same);
  std::printf("equal: %.1f %.1f\n", dx[0], dx[1]);
  dx[0] = dx[1] = 0;
  __enzyme_autodiff((void *)f, x, dx, enzyme_const, other);
  std::printf("different: %.1f %.1f\n", dx[0], dx[1]);
  return 0;
}
// CHECK: equal: 5.0 3.0
// CHECK: different: 6.0 0.0
