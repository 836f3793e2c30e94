// KNOWN WRONG (found by the C fuzzer, seed 70174, 2026-11-28; open): a value that carries a
// derivative is stored into memory the caller passed enzyme_const, then read back. At -O0
// the derivative through that memory is dropped without a word: dx[0] comes out 1 (x0
// through the product cd[0]*x[0] only), where f = x0^3 + 0.5 x1 + 0.5 x2 has 3. At -O2
// LLVM forwards the store to the load and the memory is never involved: 3, right.
// Run-time activity checks writes into constant data only through shadows that may have
// come from memory, not through an enzyme_const argument itself. (Enzyme's "Mismatched
// activity" reports concern pointers stored where a shadow is needed; what it says of a
// float stored into enzyme_const memory was not checked.) What is wanted: refused (one
// line) or right, as the fuzzer's contract says; when this passes, drop the XFAIL.
// XFAIL: *
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.ad.ll
// RUN: lli %t0.ad.ll | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.ad.ll
// RUN: lli %t2.ad.ll | FileCheck %s
// CHECK: dx 3 0.5 0.5
#include <stdio.h>
extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);

__attribute__((noinline)) double f(double *x, double *cd) {
  cd[0] = x[0] * x[0];
  double s = 0;
  for (int i = 0; i < 3; i++) s += cd[i] * x[i];
  return s;
}

int main(void) {
  double x[3] = {1, 2, 3}, dx[3] = {0}, cd[3] = {0.5, 0.5, 0.5};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, cd);
  printf("dx %g %g %g\n", dx[0], dx[1], dx[2]);
  return 0;
}
