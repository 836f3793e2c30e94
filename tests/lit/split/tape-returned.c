// Split reverse mode with the tape returned as a void*: __enzyme_augmentfwd
// runs the primal (its side effects happen) and returns {tape, result};
// __enzyme_reverse takes the arguments, the differential return, the tape,
// returns the enzyme_out derivative and frees the tape. Gradients equal
// combined mode (__enzyme_autodiff) bit for bit. Tapes are independent
// objects: several live tapes of one function consumed in another order
// than made, and a tape made in one function and consumed in another, of a
// recursive function with heap memory and loops of run-time length.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t2.out.ll
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
extern int enzyme_dup, enzyme_const;
typedef struct { void *tape; double result; } augmented;
augmented __enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);
double __enzyme_autodiff(void *, ...);

int calls;
/* recursion, a heap buffer, a loop of run-time length, an in-place write */
double rec(double *x, double s, int n) {
  calls++;
  if (n == 0) return s * x[0];
  double *t = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) t[i] = sin(s * x[i % 3] + i);
  double r = 0;
  for (int i = 0; i < n; i++) r += t[i] * t[i];
  free(t);
  x[n % 3] *= 1.01;
  return r + rec(x, s * 1.1, n - 1);
}

__attribute__((noinline)) augmented start(double *x, double *dx, double s) { /* made here */
  return __enzyme_augmentfwd((void *)rec, enzyme_dup, x, dx, s, enzyme_const, 6);
}
__attribute__((noinline)) double finish(double *x, double *dx, double s, double seed, void *tape) { /* used here */
  return __enzyme_reverse((void *)rec, enzyme_dup, x, dx, s, enzyme_const, 6, seed, tape);
}

int main(void) {
  double x0[3] = {0.4, -0.2, 0.9}, s1 = 0.7, s2 = 1.3;
  double xa[3], xb[3], xc[3], da[3] = {0}, db[3] = {0}, dc[3] = {0};
  for (int i = 0; i < 3; i++) xa[i] = xb[i] = xc[i] = x0[i];
  double ds_combined = __enzyme_autodiff((void *)rec, enzyme_dup, xc, dc, s1, enzyme_const, 6);
  calls = 0;
  augmented t1 = start(xa, da, s1);
  augmented t2 = start(xb, db, s2);
  int primal_calls = calls;
  double rb = rec((double[]){x0[0], x0[1], x0[2]}, s2, 6);
  double ds2 = finish(xb, db, s2, 2.0, t2.tape); /* the later tape first */
  double ds1 = finish(xa, da, s1, 1.0, t1.tape);
  int same = ds1 == ds_combined && xa[0] == xc[0] && xa[1] == xc[1] && xa[2] == xc[2];
  for (int i = 0; i < 3; i++) same &= da[i] == dc[i];
  printf("split equals combined: %s\n", same ? "yes" : "NO");
  printf("primal ran %d times in the augmented calls, result %s\n", primal_calls,
         t2.result == rb ? "right" : "WRONG");
  /* the second tape: against finite differences of rec in s (seed 2) */
  double h = 1e-6, fd;
  {
    double p[3] = {x0[0], x0[1], x0[2]}, m[3] = {x0[0], x0[1], x0[2]};
    fd = 2 * (rec(p, s2 + h, 6) - rec(m, s2 - h, 6)) / (2 * h);
  }
  printf("second tape: %s\n", fabs(ds2 - fd) < 1e-6 * fabs(fd) ? "ok" : "WRONG");
  return 0;
}
// CHECK: split equals combined: yes
// CHECK-NEXT: primal ran 14 times in the augmented calls, result right
// CHECK-NEXT: second tape: ok
// IR-LABEL: define {{.*}} @start(
// IR: call ptr @malloc(i64 32)
// IR: call double @augmented_rec(ptr {{.*}}, ptr {{.*}}, double {{.*}}, i32 6, ptr
// IR-LABEL: define {{.*}} @finish(
// IR: call double @reverse_rec(ptr {{.*}}, ptr {{.*}}, double {{.*}}, i32 6, double {{.*}}, ptr
// IR: call void @enzyme_opt.tape.free(
// IR: call void @free(
