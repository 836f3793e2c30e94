// A value that carries a derivative, stored into memory the caller passed enzyme_const and
// read back by the differentiated code itself, needs a derivative through that memory,
// which has no shadow to hold it. Found by the C fuzzer (seed 70174): at -O0 and -O1 dx[0]
// came out 1 (x0 through the product cd[0]*x[0] only) where f = x0^3 + 0.5 x1 + 0.5 x2 has
// 3, without a word. Now refused in one line naming the store and the read
// (analysis/const_memory.py), in both modes and when a callee does the write, directly
// or through a struct that holds cd. At -O2 and
// -O3 LLVM forwards the store to the load and the loads left read only cd[1] and cd[2],
// which nothing wrote: differentiated, and right.
// RUN: clang -O0 -g -S -emit-llvm %s -o %t0.ll
// RUN: rm -f %t0.ad.ll
// RUN: not enzyme-opt %t0.ll -S -o %t0.ad.ll 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: not test -e %t0.ad.ll
// RUN: clang -O1 -g -S -emit-llvm %s -o %t1.ll
// RUN: not enzyme-opt %t1.ll -S -o %t1.ad.ll 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: clang -O0 -g -DFORWARD -S -emit-llvm %s -o %tf.ll
// RUN: not enzyme-opt %tf.ll -S -o %tf.ad.ll 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: clang -O0 -g -DCALLEE -S -emit-llvm %s -o %tc.ll
// RUN: not enzyme-opt %tc.ll -S -o %tc.ad.ll 2>&1 | FileCheck %s --check-prefix=CALLEE
// RUN: clang -O0 -g -DHOLDER -S -emit-llvm %s -o %th.ll
// RUN: not enzyme-opt %th.ll -S -o %th.ad.ll 2>&1 | FileCheck %s --check-prefix=HOLDER
// RUN: clang -O2 -g -DHOLDER -S -emit-llvm %s -o %th2.ll
// RUN: not enzyme-opt %th2.ll -S -o %th2.ad.ll 2>&1 | FileCheck %s --check-prefix=HOLDER
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -DFORWARD -S -emit-llvm %s -o %tf2.ll
// RUN: enzyme-opt %tf2.ll -S -o - | lli | FileCheck %s --check-prefix=TANGENT
// REFUSED: error: {{.*}}written-then-read.c:60, in function @f: a value carrying a derivative is written into memory behind parameter 2 of @f, which has no shadow (it is enzyme_const{{.*}} and read back ({{.*}}written-then-read.c:63
// REFUSED-NOT: error
// CALLEE: error: {{.*}}written-then-read.c:55, in function @f: a value carrying a derivative is written into memory behind parameter 2 of @f
// HOLDER: error: {{.*}}written-then-read.c:58, in function @f: a value carrying a derivative is written into memory behind parameter 2 of @f
// CHECK: dx 3 0.5 0.5
// TANGENT: dy 3
#include <stdio.h>
extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

#ifdef CALLEE
__attribute__((noinline)) static void square_into(double *to, double v) { *to = v * v; }
#endif
#ifdef HOLDER
// cd kept in a struct, written by a callee through it: the struct holds no active pointer,
// so it has no shadow and run-time activity never sees the write (silently wrong before)
struct holder { double *c; };
__attribute__((noinline)) static void square_into(struct holder *h, double v) {
  h->c[0] = v * v;
}
#endif

__attribute__((noinline)) double f(double *x, double *cd) {
#ifdef CALLEE
  square_into(cd, x[0]);
#elif defined(HOLDER)
  struct holder h = {cd};
  square_into(&h, x[0]);
#else
  cd[0] = x[0] * x[0];
#endif
  double s = 0;
  for (int i = 0; i < 3; i++) s += cd[i] * x[i];
  return s;
}

int main(void) {
  double x[3] = {1, 2, 3}, dx[3] = {0}, cd[3] = {0.5, 0.5, 0.5};
#ifdef FORWARD
  double tx[3] = {1, 0, 0};
  printf("dy %g\n", __enzyme_fwddiff((void *)f, enzyme_dup, x, tx, enzyme_const, cd));
#else
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, cd);
  printf("dx %g %g %g\n", dx[0], dx[1], dx[2]);
#endif
  return 0;
}
