// A struct of a pointer and doubles copied whole (a memcpy without type information,
// -O0) from a local that holds no derivative into one that will, in a module with
// constant data kept by pointer in shadow memory (run-time activity: `n.p = c`). The
// copy zeroes the destination's shadow bytes: copying the source's own bytes there, as
// run-time activity does for memory of pointers only, put the template's doubles where
// the adjoints go (a wrong gradient at -O0, 4340 for 3720). Against central differences.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: grep -q shadow.is.primal %t0.out.ll
// RUN: lli %t0.out.ll | FileCheck %s
// RUN: enzyme-opt --no-reuse %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
#include <string.h>
#include <math.h>
extern double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const, enzyme_out;
struct N { const double *p; double v[8]; };
__attribute__((noinline)) double g(struct N *n) {
  double s = 0;
  for (int i = 0; i < 8; i++) s += n->p[0] * n->v[i] * n->v[i];
  return s;
}
__attribute__((noinline)) void fill(struct N *t) { t->p = 0; for (int i = 0; i < 8; i++) t->v[i] = 5.0 + i; }
double f(double x, const double *c) {
  struct N tmpl, n;
  fill(&tmpl);
  memcpy(&n, &tmpl, sizeof n);
  n.p = c;
  for (int i = 0; i < 8; i++) n.v[i] *= x;
  return g(&n);
}
int main(void) {
  double c[1] = {2.0}, x = 1.5;
  double d = __enzyme_autodiff((void *)f, enzyme_out, x, enzyme_const, c);
  double h = 1e-6, fd = (f(x + h, c) - f(x - h, c)) / (2 * h);
  printf("d = %.10g fd = %.10g %s\n", d, fd, fabs(d - fd) < 1e-6 * fabs(fd) ? "ok" : "WRONG");
}
// CHECK: ok
