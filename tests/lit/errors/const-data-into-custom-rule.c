// Constant data kept by pointer in shadow memory (run-time activity, ad/runtime_activity.py)
// handed to a function with a registered gradient: the rule would be given the constant data
// itself as the shadow and add into it (dot_grad's dw[i] += ...), so this one construct is
// refused, in one line naming the call. Passing w with enzyme_dup and a zeroed shadow works
// (-DWORKAROUND), the rule adding into that shadow.
// RUN: clang -O0 -g -S -emit-llvm %s -o %t.ll
// RUN: rm -f %t.out.ll
// RUN: not enzyme-opt %t.ll -S -o %t.out.ll 2>&1 | FileCheck %s
// RUN: test ! -e %t.out.ll
// RUN: clang -O2 -DWORKAROUND -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s --check-prefix=OK
// CHECK: {{^}}enzyme-opt: error: {{.*}}const-data-into-custom-rule.c:[[# @LINE + 23]], in function @use: a call of @dot, which has a custom derivative, through a pointer that may point to constant data (a pointer without a shadow was stored into memory that has one) is not supported: pass the data with enzyme_dup and a zeroed shadow
// OK: ok
#include <math.h>
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

__attribute__((noinline)) double dot(const double *w, double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += w[i] * x[i];
  return s;
}
void dot_aug(const double *w, double *dw, double *x, double *dx, int n) {}
void dot_grad(const double *w, double *dw, double *x, double *dx, int n, double dy) {
  for (int i = 0; i < n; i++) {
    dx[i] += dy * w[i];
    dw[i] += dy * x[i];
  }
}
void *__enzyme_register_gradient_dot[] = {(void *)dot, (void *)dot_aug, (void *)dot_grad};

typedef struct { const double *w; double *x; } Holder;
__attribute__((noinline)) double use(Holder *h, int n) {
  return dot(h->w, h->x, n);
}
double f(const double *w, double *x, int n) {
  Holder h = {w, x};
  return use(&h, n);
}

int main(void) {
  double w[3] = {1, 2, 3}, dw[3] = {0}, x[3] = {0.5, -1, 2}, dx[3] = {0};
#ifdef WORKAROUND
  __enzyme_autodiff((void *)f, enzyme_dup, w, dw, enzyme_dup, x, dx, enzyme_const, 3);
#else
  __enzyme_autodiff((void *)f, enzyme_const, w, enzyme_dup, x, dx, enzyme_const, 3);
#endif
  int ok = 1;
  for (int i = 0; i < 3; i++) ok &= dx[i] == w[i] && dw[i] == x[i];
  printf(ok ? "ok\n" : "WRONG\n");
  return 0;
}
