// A double's bits passed by value as an integer (`memcpy` into an unsigned long
// long) to a `noinline` function that turns them back into a double and stores it
// into malloc'd memory, read back by the caller. The i64 parameter carried no
// derivative: the gradient was 0.5 of the right one, silently. The parameter of
// the simplified copy is now a double (ad/prepare/retype.float_parameters). `keep` stores the
// bits as they are: at -O1 and above an i64 store tagged "double" by TBAA, at -O0 an
// untagged one whose memory the caller reads back as a double.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
double __enzyme_autodiff(void *, ...);

__attribute__((noinline)) static unsigned long long *box(unsigned long long bits, unsigned long long tag) {
  unsigned long long *cell = malloc(2 * sizeof *cell);
  double d;
  memcpy(&d, &bits, sizeof d);
  *(double *)cell = 3.0 * sin(d);
  cell[1] = tag;
  return cell;
}

__attribute__((noinline)) static unsigned long long *keep(unsigned long long bits) {
  unsigned long long *cell = malloc(2 * sizeof *cell);
  double d;
  memcpy(&d, &bits, sizeof d);
  *(double *)cell = d;
  cell[1] = 7;
  return cell;
}

double g(double v) {
  unsigned long long bits;
  memcpy(&bits, &v, sizeof bits);
  unsigned long long *cell = box(bits, 5);
  unsigned long long *kept = keep(bits);
  double r = ((double *)cell)[0] * v + 2.0 * ((double *)kept)[0];
  free(cell);
  free(kept);
  return r;
}

int main(void) {
  for (double v = -1.0; v <= 1.0; v += 0.5) {
    double d = __enzyme_autodiff((void *)g, v);
    double want = 3.0 * (cos(v) * v + sin(v)) + 2.0;
    printf("v=%g: %s\n", v, fabs(d - want) < 1e-12 ? "ok" : "WRONG");
  }
  return 0;
}
// CHECK: v=-1: ok
// CHECK: v=-0.5: ok
// CHECK: v=0: ok
// CHECK: v=0.5: ok
// CHECK: v=1: ok
