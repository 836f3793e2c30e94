// A C callback `double (*f)(double)` kept in a struct and called in a loop with
// an active argument, reverse mode: the call goes through the shadow of the
// function pointer, a table of the callee's derivatives. The shadow struct's
// pointer is set with __enzyme_virtualreverse (a table the program may also
// call itself); a pointer stored inside the differentiated function gets the
// stored function's table. Gradients against central finite differences,
// every level (where clang keeps the call indirect).
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
double __enzyme_autodiff(void *, ...);
void *__enzyme_virtualreverse(void *);
extern int enzyme_dup, enzyme_const, enzyme_out;

typedef double (*callback)(double);
struct model {
  callback f;
  double k;
};

double softplus(double x) { return log1p(exp(x)); }
double cube(double x) { return x * x * x; }

/* Through the struct the caller hands in: which function is only known at run time. */
__attribute__((noinline)) double run(struct model *m, double x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    s += m->k * m->f(x);
    x = 0.5 * x + 0.1;
  }
  return s;
}

/* A pointer stored inside the differentiated function. */
__attribute__((noinline)) double pick(double x, int which) {
  struct model m;
  m.f = which ? cube : softplus;
  m.k = 2.0;
  return run(&m, x, 3);
}

static int close(double a, double b) { return fabs(a - b) < 1e-6 * (1 + fabs(b)); }

int main(void) {
  int ok = 1;
  double h = 1e-6;
  callback fs[2] = {softplus, cube};
  for (int j = 0; j < 2; j++) {
    struct model m = {fs[j], 1.7}, dm = {__enzyme_virtualreverse((void *)fs[j]), 0};
    double x = 0.3;
    double dx = __enzyme_autodiff((void *)run, enzyme_dup, &m, &dm, x, enzyme_const, 4);
    ok &= close(dx, (run(&m, x + h, 4) - run(&m, x - h, 4)) / (2 * h));
    struct model up = {fs[j], 1.7 + h}, down = {fs[j], 1.7 - h};
    ok &= close(dm.k, (run(&up, x, 4) - run(&down, x, 4)) / (2 * h));
  }
  printf("from outside: %s\n", ok ? "ok" : "WRONG");
  // CHECK: from outside: ok
  for (int which = 0; which < 2; which++) {
    double x = 0.6;
    double dx = __enzyme_autodiff((void *)pick, x, enzyme_const, which);
    printf("stored inside %d: %s\n", which,
           close(dx, (pick(x + h, which) - pick(x - h, which)) / (2 * h)) ? "ok" : "WRONG");
  }
  // CHECK: stored inside 0: ok
  // CHECK: stored inside 1: ok
  return 0;
}
