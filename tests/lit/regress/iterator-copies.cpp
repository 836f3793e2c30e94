// Regression: a C++ iterator (a struct holding a pointer) assigned or copied
// while its address escapes is moved as an i64 (and read back through
// inttoptr) at -O0: the reverse gradient went to the wrong element (10, 3.75
// instead of 6.25, 7.5) and the copy crashed in both modes.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: lli %t0.out.ll
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll
#include <cmath>
#include <cstdio>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup;

struct It {
  double *p;
  double &operator*() const { return *p; }
};

double assign(double *x) {  // x0 * x1^2
  It a{x}, b{x + 1};
  double v = *a, w = *b;    // the iterators' addresses escape into operator*
  a = b;
  return v * w * *a;
}

double copy(double *x) {    // x0 * x1
  It a{x};
  double v = *a;
  It b = a;
  b.p++;
  return v * *b;
}

static int check(const char *what, double got, double want) {
  if (std::fabs(got - want) > 1e-12) {
    std::printf("WRONG DERIVATIVE %s: %g, want %g\n", what, got, want);
    return 1;
  }
  return 0;
}

int main() {
  double x[2] = {1.5, 2.5};
  int bad = 0;
  double dx[2] = {0, 0}, t1[2] = {0, 1}, t0[2] = {1, 0};
  __enzyme_autodiff((void *)assign, enzyme_dup, x, dx);
  bad |= check("assign reverse dx0", dx[0], 6.25) | check("assign reverse dx1", dx[1], 7.5);
  bad |= check("assign forward", __enzyme_fwddiff((void *)assign, enzyme_dup, x, t1), 7.5);
  double dy[2] = {0, 0};
  __enzyme_autodiff((void *)copy, enzyme_dup, x, dy);
  bad |= check("copy reverse dx0", dy[0], 2.5) | check("copy reverse dx1", dy[1], 1.5);
  bad |= check("copy forward", __enzyme_fwddiff((void *)copy, enzyme_dup, x, t0), 2.5);
  return bad;
}
