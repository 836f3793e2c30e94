// Two running sums in one loop (a dot product and a squared norm) are packed by clang's
// SLP vectorizer into one <2 x double> fmuladd per iteration. Before differentiating,
// enzyme-opt splits such packed vectors in loops back into one scalar per lane
// (ad/prepare/scalarize.py): the augmented sweep then loads only what it needs (x, not y)
// and the reverse sweep's loop, which has no reduction left, is one LLVM can vectorize.
// --no-reuse keeps the packing (the fuzzers compare the two). Gradients and tangents are
// checked against central differences at -O0..-O3, -O2 -g, with --no-reuse and with
// enzyme-opt -O2.
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t2.out.ll
// RUN: enzyme-opt %t2.ll --no-reuse -S -o %t2.conservative.ll
// RUN: FileCheck %s --check-prefix=PACKED < %t2.conservative.ll
// RUN: clang %t2.out.ll -lm -o %t2.bin
// RUN: %t2.bin | FileCheck %s
// RUN: lli %t2.conservative.ll | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -g -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: enzyme-opt %t2.ll -O2 -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
extern void __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);

// Both sweeps are scalar code (LLVM then drops s, and the loads of y, from the
// augmented sweep, whose primal result nobody reads).
// IR-LABEL: define internal {{.*}} @augmented_dot_norm(
// IR-NOT: <2 x double>
// IR: call double @sqrt(
// IR-LABEL: define internal {{.*}} @reverse_dot_norm(
// IR-NOT: <2 x double>
// IR: ret void
// PACKED-LABEL: define internal {{.*}} @augmented_dot_norm(
// PACKED: phi <2 x double>
double dot_norm(const double *x, const double *y, long n) {
  double s = 0.0, q = 0.0;
  for (long i = 0; i < n; i++) {
    s += x[i] * y[i];
    q += x[i] * x[i];
  }
  return s + sqrt(q);
}

// Four sums of products of neighbours, packed four (or two and two) wide, read back
// through a nonlinear function of each.
// IR-LABEL: define internal {{.*}} @augmented_four_sums(
// IR-NOT: x double>
// IR: ret double
// IR-LABEL: define internal {{.*}} @reverse_four_sums(
// IR-NOT: x double>
// IR: ret void
// PACKED-LABEL: define internal {{.*}} @augmented_four_sums(
// PACKED: phi <{{[24]}} x double>
double four_sums(const double *x, const double *y, long n) {
  double a = 0.0, b = 0.0, c = 0.0, d = 0.0;
  for (long i = 0; i + 1 < n; i++) {
    a += x[i] * y[i + 1];
    b += x[i + 1] * y[i];
    c += x[i] * x[i + 1];
    d += y[i] * y[i + 1];
  }
  return sin(a) + cos(b) * exp(0.1 * c) + d * d;
}

#define N 41
typedef double (*objective)(const double *, const double *, long);

// Each Enzyme call names its function directly (at -O0 a pointer passed in is not known).
static void grad_dot_norm(double *x, double *dx, double *y, double *dy) {
  __enzyme_autodiff((void *)dot_norm, x, dx, y, dy, (long)N);
}
static double tangent_dot_norm(double *x, double *tx, double *y, double *ty) {
  return __enzyme_fwddiff((void *)dot_norm, x, tx, y, ty, (long)N);
}
static void grad_four_sums(double *x, double *dx, double *y, double *dy) {
  __enzyme_autodiff((void *)four_sums, x, dx, y, dy, (long)N);
}
static double tangent_four_sums(double *x, double *tx, double *y, double *ty) {
  return __enzyme_fwddiff((void *)four_sums, x, tx, y, ty, (long)N);
}

static void check(const char *name, objective f,
                  void (*grad)(double *, double *, double *, double *),
                  double (*tangent)(double *, double *, double *, double *)) {
  double x[N], y[N], dx[N] = {0}, dy[N] = {0}, worst = 0;
  for (int i = 0; i < N; i++) {
    x[i] = 0.3 * sin(i + 1.0);
    y[i] = 0.2 * cos(0.5 * i);
  }
  grad(x, dx, y, dy);
  for (int which = 0; which < 2; which++)
    for (int i = 0; i < N; i++) {
      double *v = which ? y : x, ad = which ? dy[i] : dx[i], h = 1e-5, keep = v[i];
      v[i] = keep + h;
      double up = f(x, y, N);
      v[i] = keep - h;
      double down = f(x, y, N);
      v[i] = keep;
      double fd = (up - down) / (2 * h), err = fabs(ad - fd) / fmax(1.0, fabs(fd));
      worst = err > worst ? err : worst;
    }
  // the tangent along (x, y) = (e_3, e_5): d/dx_3 + d/dy_5
  double tx[N] = {0}, ty[N] = {0};
  tx[3] = 1.0;
  ty[5] = 1.0;
  double t = tangent(x, tx, y, ty);
  double err = fabs(t - dx[3] - dy[5]) / fmax(1.0, fabs(t));
  worst = err > worst ? err : worst;
  printf("%s %s\n", name, worst < 1e-6 ? "ok" : "WRONG");
}

int main(void) {
  check("dot_norm", dot_norm, grad_dot_norm, tangent_dot_norm);
  check("four_sums", four_sums, grad_four_sums, tangent_four_sums);
  return 0;
}
// CHECK: dot_norm ok
// CHECK-NEXT: four_sums ok
