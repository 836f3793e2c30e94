// An allocator called through a function pointer that a global holds (a struct field of an
// external global, a static one), initialised to malloc or calloc: the derivative calls the
// allocator directly, so its memory gets a shadow, at -O0..-O3 and with --no-reuse; each
// derivative against its analytic value. The derivative checks at run time that the global
// still holds that allocator, and traps when the program has changed it (a silently wrong
// derivative otherwise): the second part of the file.
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - --no-reuse -S | lli | FileCheck %s
// RUN: clang -O0 -DCHANGED -S -emit-llvm %s -o - | enzyme-opt - -S | not --crash lli 2>&1 | FileCheck %s --check-prefix=CHANGED
// CHECK: field ok
// CHECK: static ok
// CHANGED: changed
// CHANGED-NOT: derivative
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
double __enzyme_autodiff(void *, ...);

struct { int count; void *(*allocate)(size_t); } pool = {0, malloc};
static void *(*zeroed)(size_t, size_t) = calloc;

__attribute__((noinline)) void *from_pool(size_t n) { return pool.allocate(n); }

// m[0] = x, m[1] = sin(x) m[0]: x sin x, d/dx = sin x + x cos x
__attribute__((noinline)) double field(double x) {
  double *m = (double *)from_pool(2 * sizeof(double));
  m[0] = x;
  m[1] = sin(x) * m[0];
  double r = m[1];
  free(m);
  return r;
}

// z[2] = x^3 in calloc'd memory: d/dx = 3x^2
__attribute__((noinline)) double statically(double x) {
  double *z = (double *)zeroed(4, sizeof(double));
  z[2] = x * x * x;
  double r = z[2] + z[0];
  free(z);
  return r;
}

static void *counted(size_t n) { pool.count++; return malloc(n); }

int main(void) {
  double x = 0.9;
#ifdef CHANGED
  pool.allocate = counted;
  printf("changed\n");
  fflush(stdout);
  double d = __enzyme_autodiff((void *)field, x);
  printf("derivative %g\n", d);
#else
  double d = __enzyme_autodiff((void *)field, x);
  double want = sin(x) + x * cos(x);
  if (fabs(d - want) < 1e-12) printf("field ok\n"); else printf("field %g, want %g\n", d, want);
  d = __enzyme_autodiff((void *)statically, x);
  if (fabs(d - 3 * x * x) < 1e-12) printf("static ok\n"); else printf("static %g\n", d);
#endif
  return 0;
}
