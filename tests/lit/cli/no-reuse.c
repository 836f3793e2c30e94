// --no-reuse: the conservative reverse sweep. By default the gradient of a
// function that writes nothing re-reads x[i] in the reverse sweep (and rebuilds
// the loop's induction variable); with --no-reuse every primal value comes from
// the tape. Both give the same numbers.
// RUN: clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o %t.default.ll
// RUN: enzyme-opt --no-reuse %t.ll -S -o %t.conservative.ll
// RUN: FileCheck %s --check-prefix=DEFAULT < %t.default.ll
// RUN: FileCheck %s --check-prefix=CONSERVATIVE < %t.conservative.ll
// RUN: lli %t.default.ll | FileCheck %s
// RUN: lli %t.conservative.ll | FileCheck %s
#include <math.h>
#include <stdio.h>
void __enzyme_autodiff(void *, ...);
extern int enzyme_const;

double sum_sin(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += sin(x[i]);
  return s;
}

int main(void) {
  double x[4] = {0.1, 0.2, 0.3, 0.4}, dx[4] = {0};
  __enzyme_autodiff((void *)sum_sin, x, dx, enzyme_const, 4);
  int bad = 0;
  for (int i = 0; i < 4; i++) bad |= fabs(dx[i] - cos(x[i])) > 1e-15;
  printf("%s\n", bad ? "WRONG" : "ok");
  return 0;
}
// CHECK: ok
// The default forward sweep tapes no double (x is re-read); the conservative one tapes x[i].
// DEFAULT-LABEL: define internal double @augmented_sum_sin(
// DEFAULT-NOT: store double
// DEFAULT: ret double
// CONSERVATIVE-LABEL: define internal double @augmented_sum_sin(
// CONSERVATIVE: store double
// CONSERVATIVE: ret double
