// An enzyme_const pointer stored into a struct that also holds a duplicated pointer, and read
// back in active code (h.w[i] * h.x[i]). Its shadow in the struct's shadow used to be null,
// and the derivative dereferenced it (a segfault at run time, in both modes; Enzyme calls
// this mismatched activity); then it was refused. Now the shadow slot holds w itself and the
// reads through it are checked at run time (ad/runtime_activity.py): the gradient in x is
// exact in both modes. Passing w with enzyme_dup and a zeroed shadow works as before
// (-DWORKAROUND), and a const pointer read only as integers (-DINDEX) needs no checks.
// RUN: clang -O0 -g -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o %t.out.ll
// RUN: clang -O0 %t.out.ll -o %t.bin
// RUN: %t.bin
// RUN: clang -O2 -DFORWARD -S -emit-llvm %s -o %t.fwd.ll
// RUN: enzyme-opt %t.fwd.ll -S -o %t.fwd.out.ll
// RUN: clang -O2 %t.fwd.out.ll -o %t.fwd.bin
// RUN: %t.fwd.bin
// RUN: clang -O2 -DWORKAROUND -S -emit-llvm %s -o %t.w.ll
// RUN: enzyme-opt %t.w.ll -S -o %t.w.grad.ll
// RUN: clang -O2 %t.w.grad.ll -o %t.w.bin
// RUN: %t.w.bin
// RUN: clang -O0 -DINDEX -S -emit-llvm %s -o %t.i.ll
// RUN: enzyme-opt %t.i.ll -S -o %t.i.grad.ll
// RUN: FileCheck %s --check-prefix=INDEX < %t.i.grad.ll
// RUN: clang -O0 %t.i.grad.ll -o %t.i.bin
// RUN: %t.i.bin
// INDEX-NOT: shadow.is.primal
#include <math.h>
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;
#ifndef INDEX
typedef struct { double *w; double *x; } Holder;
__attribute__((noinline)) double use(Holder *h, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += h->w[i] * h->x[i] * h->x[i];
  return s;
}
double f(double *w, double *x, int n) {
  Holder h;
  h.w = w;
  h.x = x;
  return use(&h, n);
}
#else
typedef struct { const int *idx; double *x; } Holder;
__attribute__((noinline)) double use(Holder *h, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += h->x[h->idx[i]] * h->x[i];
  return s;
}
double f(const int *idx, double *x, int n) {
  Holder h;
  h.idx = idx;
  h.x = x;
  return use(&h, n);
}
#endif
int main(void) {
  double x[3] = {0.5, 1.5, -1}, dx[3] = {0};
#ifdef INDEX
  int w[3] = {2, 0, 1};
  double expect[3] = {x[2] + x[1], x[0] + x[2], x[1] + x[0]};  // d/dx_k of sum x[idx[i]]*x[i]
#else
  double w[3] = {1, 2, 3}, dw[3] = {0};
  double expect[3] = {2 * w[0] * x[0], 2 * w[1] * x[1], 2 * w[2] * x[2]};
#endif
#if defined(FORWARD)
  double v[3] = {1, 0, 0};
  return __enzyme_fwddiff((void *)f, enzyme_const, w, enzyme_dup, x, v, enzyme_const, 3) != expect[0];
#elif defined(WORKAROUND)
  __enzyme_autodiff((void *)f, enzyme_dup, w, dw, enzyme_dup, x, dx, enzyme_const, 3);
#else
  __enzyme_autodiff((void *)f, enzyme_const, w, enzyme_dup, x, dx, enzyme_const, 3);
#endif
  for (int i = 0; i < 3; i++)
    if (fabs(dx[i] - expect[i]) > 1e-12) return 1;
  return 0;
}
