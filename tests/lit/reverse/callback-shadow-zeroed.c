// A C callback kept in a struct passed enzyme_dup, whose shadow struct holds no
// table for it: left zeroed (`{0}`, memset), or a copy of the primal struct
// (the function itself). A plain C function has no state a derivative could
// flow into, so the call finds the table of the function the primal pointer
// holds at run time; a shadow that is a table (__enzyme_virtualreverse) is used
// as it is. Reverse and forward mode, gradients against central differences.
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
#include <string.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
void *__enzyme_virtualreverse(void *);
extern int enzyme_dup, enzyme_const;

typedef double (*activation)(double);
struct layer {
  activation act;
  double w[3];
};

double softplus(double x) { return log1p(exp(x)); }
double tanh_(double x) { return tanh(x); }

__attribute__((noinline)) double forward(const struct layer *l, const double *x) {
  double s = 0;
  for (int i = 0; i < 3; i++)
    s += l->act(l->w[i] * x[i]);
  return s;
}

static int close(double a, double b) { return fabs(a - b) < 1e-6 * (1 + fabs(b)); }

int main(void) {
  int ok = 1;
  double h = 1e-6, x[3] = {0.3, -0.8, 1.1};
  activation acts[2] = {softplus, tanh_};
  for (int j = 0; j < 2; j++)
    for (int how = 0; how < 3; how++) {
      struct layer l = {acts[j], {0.5, -1.2, 0.9}}, dl;
      if (how == 0) memset(&dl, 0, sizeof dl);            /* zeroed: null */
      if (how == 1) { dl = l; memset(dl.w, 0, sizeof dl.w); }  /* copied: the function */
      if (how == 2) { memset(&dl, 0, sizeof dl); dl.act = __enzyme_virtualreverse((void *)acts[j]); }
      __enzyme_autodiff((void *)forward, enzyme_dup, &l, &dl, enzyme_const, x);
      for (int i = 0; i < 3; i++) {
        struct layer up = l, down = l;
        up.w[i] += h;
        down.w[i] -= h;
        double fd = (forward(&up, x) - forward(&down, x)) / (2 * h);
        if (!close(dl.w[i], fd)) { printf("%d %d w[%d]: %g, expected %g\n", j, how, i, dl.w[i], fd); ok = 0; }
      }
      /* forward mode: the tangent along w = (1, 2, 3) */
      struct layer tl;
      memset(&tl, 0, sizeof tl);
      if (how == 1) tl.act = l.act;
      for (int i = 0; i < 3; i++) tl.w[i] = i + 1;
      struct layer up = l, down = l;
      for (int i = 0; i < 3; i++) { up.w[i] += h * (i + 1); down.w[i] -= h * (i + 1); }
      double fd = (forward(&up, x) - forward(&down, x)) / (2 * h);
      double t = __enzyme_fwddiff((void *)forward, enzyme_dup, &l, &tl, enzyme_const, x);
      if (!close(t, fd)) { printf("%d %d tangent: %g, expected %g\n", j, how, t, fd); ok = 0; }
    }
  printf(ok ? "zeroed shadows: ok\n" : "zeroed shadows: WRONG\n");
  return 0;
}
// CHECK: zeroed shadows: ok
