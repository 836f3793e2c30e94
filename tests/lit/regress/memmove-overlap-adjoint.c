// Regression (found by the C++ fuzzer: vector::erase and std::rotate, seeds 127, 131, 161,
// 361, 441, 449, 457): the adjoint of an overlapping memmove. Walking the shadow upwards on a
// left shift (dst < src) handed each element's adjoint on to the next one, so the whole moved
// range's gradient landed on the last source element, silently. The adjoint now walks against
// the copy's direction, and takes each destination element before adding into sources (which
// also keeps memmove(p, p, n) the identity). Left shift, right shift and a self-move, both at
// -O0 and -O2, against the exact gradient.
// RUN: clang -O0 -S -emit-llvm %s -o %t.0.ll
// RUN: enzyme-opt %t.0.ll -S -o %t.0.grad.ll
// RUN: lli %t.0.grad.ll | filecheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t.2.ll
// RUN: enzyme-opt %t.2.ll -S -o %t.2.grad.ll
// RUN: lli %t.2.grad.ll | filecheck %s
// CHECK: left: 0 10 100 1000 0
// CHECK-NEXT: right: 110 1000 0 0 0
// CHECK-NEXT: self: 10 100 1000 0 0
#include <stdio.h>
#include <string.h>
extern void __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

__attribute__((noinline)) void shift(double *v, int how) {
  if (how == 0) memmove(v, v + 1, 4 * sizeof(double));      // erase v[0]: x1 x2 x3 x4 x4
  else if (how == 1) memmove(v + 1, v, 4 * sizeof(double)); // insert at 0: x0 x0 x1 x2 x3
  else memmove(v, v, 5 * sizeof(double));                   // nothing moves
}
double f(double *x, int how) {
  double v[5];
  memcpy(v, x, sizeof v);
  shift(v, how);
  return 10 * v[0] + 100 * v[1] + 1000 * v[2];
}
static void show(const char *label, int how) {
  double x[5] = {1, 2, 3, 4, 5}, dx[5] = {0};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, how);
  printf("%s: %g %g %g %g %g\n", label, dx[0], dx[1], dx[2], dx[3], dx[4]);
}
int main(void) {
  show("left", 0);   // v = x1 x2 x3 x4 x4: 10 x1 + 100 x2 + 1000 x3
  show("right", 1);  // v = x0 x0 x1 x2 x3: 110 x0 + 1000 x1
  show("self", 2);   // v = x: 10 x0 + 100 x1 + 1000 x2
  return 0;
}
