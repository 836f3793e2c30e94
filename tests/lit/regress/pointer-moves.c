// Regression: pointers copied inside structs lost their shadows at -O0.  A
// struct assignment is a memcpy, which moved float adjoints but not shadow
// pointers; an 8-byte struct holding a pointer is moved as an i64 after
// preprocessing.  The copy's shadow pointer stayed stale (a gradient sent to
// the wrong element) or null (a crash).  Self-checking: exit 0 when right.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: lli %t0.out.ll
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o %t1.out.ll
// RUN: lli %t1.out.ll
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o %t3.out.ll
// RUN: lli %t3.out.ll
#include <math.h>
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
int enzyme_dup, enzyme_const;

struct View { double *data; long n; };          /* pointer + integer: copied whole */
struct Cursor { double *at; };                  /* 8 bytes: copied as an i64 */
struct Mixed { double *data; double scale; };   /* pointer + double */

__attribute__((noinline)) void view_of(struct View *v, double *data, long n) {
  v->data = data;
  v->n = n;
}
__attribute__((noinline)) double total(const struct View *v) {
  double s = 0;
  for (long i = 0; i < v->n; i++) s += v->data[i] * v->data[i];
  return s;
}
__attribute__((noinline)) double deref(struct Cursor *c) { return *c->at; }

double f(double *x, long n) {
  struct View a, b;
  view_of(&a, x, n);
  b = a;                                        /* a memcpy: both escape */
  struct Cursor c = {x}, d = {x + 1};
  double first = deref(&c);
  c = d;                                        /* the cursor moves on */
  struct Mixed m = {x, 2.0}, k;
  k = m;                                        /* pointer and double: field by field */
  return total(&b) + first * deref(&c) + k.scale * k.data[2];
}

int main(void) {
  double x[3] = {0.5, 1.5, -2.0}, dx[3] = {0, 0, 0};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, 3L);
  /* d/dx = 2x + (x1, x0, 0) + (0, 0, 2) */
  double want[3] = {2 * x[0] + x[1], 2 * x[1] + x[0], 2 * x[2] + 2.0};
  int bad = 0;
  for (int i = 0; i < 3; i++) {
    if (fabs(dx[i] - want[i]) > 1e-12) { printf("WRONG DERIVATIVE reverse dx[%d] = %g, want %g\n", i, dx[i], want[i]); bad = 1; }
    double t[3] = {0, 0, 0};
    t[i] = 1;
    double fwd = __enzyme_fwddiff((void *)f, enzyme_dup, x, t, enzyme_const, 3L);
    if (fabs(fwd - want[i]) > 1e-12) { printf("WRONG DERIVATIVE forward %d: %g, want %g\n", i, fwd, want[i]); bad = 1; }
  }
  return bad;
}
