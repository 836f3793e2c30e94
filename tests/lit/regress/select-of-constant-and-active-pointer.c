// A pointer without a shadow (enzyme_const) and one with a shadow, chosen between by a
// select or a phi (clang -O2 turns `m->c = cd; if (x[2] > 0.2) m->c = x;` into
// `select i1 %c, ptr %x, ptr %cd` once it has removed the malloc'd struct). The choice's
// shadow was null on the path that chooses the constant pointer, and the reverse sweep
// added the adjoints of the reads through it into null + 8·i: a crash (fuzzer, C seed 61621
// at -O2). Such a module is now differentiated with run-time activity
// (ad/runtime_activity.py): the constant pointer is its own shadow and the adjoints of
// reads through it are dropped. Both paths are checked against central differences, in
// reverse and forward mode, at -O0..-O3.
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt %t2.ll --no-reuse -S -o - | lli | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
extern void __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;

struct mix {
  const double *c;
  double *x;
  double w;
};

__attribute__((noinline)) double f(double *x, const double *cd, double a) {
  struct mix *m = (struct mix *)malloc(sizeof *m);
  m->c = cd;
  m->x = x;
  m->w = a;
  if (x[2] > 0.2)
    m->c = x;
  double t = 0;
  for (int i = 0; i < 3; i++)
    t = 0.7 * t + 0.3 * atan(m->w * m->c[i] + m->x[i]);
  free(m);
  return t;
}

static double f_of(double *x, const double *cd, double a) { return f(x, cd, a); }

static void check(const char *name, double x2) {
  double x[3] = {0.4, -0.3, x2}, cd[3] = {1.5, -0.5, 0.25}, dx[3] = {0}, worst = 0;
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, cd, enzyme_const, 0.8);
  for (int i = 0; i < 3; i++) {
    double h = 1e-6, keep = x[i];
    x[i] = keep + h;
    double up = f_of(x, cd, 0.8);
    x[i] = keep - h;
    double down = f_of(x, cd, 0.8);
    x[i] = keep;
    double fd = (up - down) / (2 * h), err = fabs(dx[i] - fd);
    worst = err > worst ? err : worst;
    double t[3] = {0};
    t[i] = 1.0;
    double tangent = __enzyme_fwddiff((void *)f, enzyme_dup, x, t, enzyme_const, cd, enzyme_const, 0.8);
    err = fabs(tangent - fd);
    worst = err > worst ? err : worst;
  }
  printf("%s %s\n", name, worst < 1e-6 ? "ok" : "WRONG");
}

int main(void) {
  check("active choice", 0.5);
  check("constant choice", 0.1);
  return 0;
}
// CHECK: active choice ok
// CHECK-NEXT: constant choice ok
