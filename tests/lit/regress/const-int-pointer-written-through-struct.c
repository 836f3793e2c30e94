// A pointer without a shadow (an enzyme_const int counter) kept in a struct that has one,
// next to an active array, and written through by a callee (`*s->count += 1`). The
// derivative mirrors every store into shadow memory, so the counter's store went to the
// shadow read back from the struct: null, a crash (SIGSEGV) in both modes. Only reads of
// floats through such a pointer used to call for run-time activity
// (ad/runtime_activity.py); a write of anything does now (analysis/pointees.py
// `written_through_pointees`), and the counter's shadow store goes to a scratch slot.
// Found by forward mode over a checkpointed gradient, whose step took an enzyme_const
// `int *` through the loop's environment (tests/fuzz/checkpoint.py, seed 90015).
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt %t2.ll --no-reuse -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
extern int enzyme_const, enzyme_dup;
double __enzyme_fwddiff(void *, ...);
void __enzyme_autodiff(void *, ...);

struct state {
  double *x;
  int *count;
};

__attribute__((noinline)) static void update(struct state *s, int n) {
  *s->count += 1;
  for (int i = 0; i < n; i++) s->x[i] = s->x[i] * s->x[i] + 0.5 * s->x[(i + 1) % n];
}

__attribute__((noinline)) double f(double *x, int *count, int n) {
  struct state s = {x, count};
  update(&s, n);
  update(&s, n);
  double sum = 0;
  for (int i = 0; i < n; i++) sum += x[i] * (i + 1);
  return sum;
}

static double at(const double *x0, int k, double h) {
  double x[3] = {x0[0], x0[1], x0[2]};
  int count = 0;
  x[k] += h;
  return f(x, &count, 3);
}

int main(void) {
  const double x0[3] = {0.3, -0.7, 1.1};
  double x[3], dx[3], worst = 0;
  for (int k = 0; k < 3; k++) {
    double fd = (at(x0, k, 1e-6) - at(x0, k, -1e-6)) / 2e-6;
    int count = 0;
    for (int i = 0; i < 3; i++) { x[i] = x0[i]; dx[i] = i == k; }
    double tangent = __enzyme_fwddiff((void *)f, enzyme_dup, x, dx, enzyme_const, &count, 3);
    worst = fabs(tangent - fd) > worst ? fabs(tangent - fd) : worst;
    if (count != 2) worst = 1;
  }
  printf("forward: %s\n", worst < 1e-6 ? "ok" : "WRONG");
  worst = 0;
  int count = 0;
  for (int i = 0; i < 3; i++) { x[i] = x0[i]; dx[i] = 0; }
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, &count, 3);
  for (int k = 0; k < 3; k++) {
    double fd = (at(x0, k, 1e-6) - at(x0, k, -1e-6)) / 2e-6;
    worst = fabs(dx[k] - fd) > worst ? fabs(dx[k] - fd) : worst;
  }
  printf("reverse: %s (count %d)\n", worst < 1e-6 ? "ok" : "WRONG", count);
  return 0;
}
// CHECK: forward: ok
// CHECK-NEXT: reverse: ok (count 2)
