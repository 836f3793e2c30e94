// A local array the function has finished writing before it reads it (GMM's
// qdiag = exp(q), then read once per data point) is kept for the reverse sweep, which
// re-reads it instead of taping each read (analysis/settled_locals.py): malloc'd in the
// augmented sweep, freed by the reverse. Locals written again after a read (in a later
// loop, in the same loop, by a memset) keep their per-read tape. Every gradient is
// checked against central differences at -O0..-O3 and with --no-reuse (which re-reads
// nothing), and the IR shows which locals were kept.
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t2.out.ll
// RUN: clang %t2.out.ll -lm -o %t2.bin
// RUN: %t2.bin | FileCheck %s
// RUN: enzyme-opt %t2.ll --no-reuse -S -o - | lli | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -O2 -S | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <string.h>
extern void __enzyme_autodiff(void *, ...);
extern int enzyme_const;
#define K 6     // entries used (at most KMAX), passed at run time: no full unrolling
#define KMAX 16
#define P 40

// Settled: filled by one loop, then only read (inside the points loop).
// IR-LABEL: define internal {{.*}} @augmented_mixture(
// IR-NEXT: call ptr @malloc(i64 128)
// IR-NEXT: call ptr @malloc(i64 128)
// IR-NOT: alloca
// IR-LABEL: define internal {{.*}} @reverse_mixture(
// IR: call void @free(
double mixture(const double *q, const double *m, const double *x, int kn) {
  double scale[KMAX];
  for (int k = 0; k < kn; k++)
    scale[k] = exp(q[k]);
  double total = 0;
  for (int i = 0; i < P; i++) {
    double s = 0;
    for (int k = 0; k < kn; k++) {
      double z = scale[k] * (x[i] - m[k]);
      s += z * z;
    }
    total += log(1 + s);
  }
  return total;
}

// Not settled: a later loop overwrites the array after the first reads of it.
// IR-LABEL: define internal {{.*}} @augmented_rewritten(
// IR-NEXT: alloca [16 x double]
double rewritten(const double *q, const double *m, const double *x, int kn) {
  double a[KMAX];
  for (int k = 0; k < kn; k++)
    a[k] = sin(q[k]);
  double total = 0;
  for (int i = 0; i < P / 2; i++)
    for (int k = 0; k < kn; k++)
      total += a[k] * a[k] * x[i];
  for (int k = 0; k < kn; k++)
    a[k] = a[k] * m[k] + q[k];
  for (int i = P / 2; i < P; i++)
    for (int k = 0; k < kn; k++)
      total += a[k] * x[i] * a[(k + 1) % kn];
  return total;
}

// Not settled: the loop that reads the array also updates it (a recurrence).
// IR-LABEL: define internal {{.*}} @augmented_recurrence(
// IR-NEXT: alloca [16 x double]
double recurrence(const double *q, const double *m, const double *x, int kn) {
  double h[KMAX];
  memset(h, 0, sizeof h);
  for (int k = 0; k < kn; k++)
    h[k] = q[k];
  double total = 0;
  for (int i = 0; i < P; i++)
    for (int k = 0; k < kn; k++) {
      double v = tanh(h[k] * x[i] + m[k]);
      total += v;
      h[k] = 0.5 * h[k] + 0.5 * v;
    }
  return total;
}

typedef double (*objective)(const double *, const double *, const double *, int);

__attribute__((noinline)) static void grad_mixture(double *q, double *dq, double *m, double *dm,
                                                   double *x) {
  __enzyme_autodiff((void *)mixture, q, dq, m, dm, enzyme_const, x, K);
}
__attribute__((noinline)) static void grad_rewritten(double *q, double *dq, double *m, double *dm,
                                                     double *x) {
  __enzyme_autodiff((void *)rewritten, q, dq, m, dm, enzyme_const, x, K);
}
__attribute__((noinline)) static void grad_recurrence(double *q, double *dq, double *m,
                                                      double *dm, double *x) {
  __enzyme_autodiff((void *)recurrence, q, dq, m, dm, enzyme_const, x, K);
}

static void check(const char *name, objective f,
                  void (*grad)(double *, double *, double *, double *, double *)) {
  double q[K], m[K], x[P], dq[K] = {0}, dm[K] = {0};
  for (int k = 0; k < K; k++) {
    q[k] = 0.1 * k - 0.2;
    m[k] = 0.3 * sin(k + 1.0);
  }
  for (int i = 0; i < P; i++)
    x[i] = cos(0.7 * i);
  grad(q, dq, m, dm, x);
  double worst = 0;
  for (int which = 0; which < 2; which++)
    for (int k = 0; k < K; k++) {
      double *v = which ? m : q, ad = which ? dm[k] : dq[k], h = 1e-5, keep = v[k];
      v[k] = keep + h;
      double up = f(q, m, x, K);
      v[k] = keep - h;
      double down = f(q, m, x, K);
      v[k] = keep;
      double fd = (up - down) / (2 * h), err = fabs(ad - fd) / fmax(1.0, fabs(fd));
      worst = err > worst ? err : worst;
    }
  printf("%s %s\n", name, worst < 1e-6 ? "ok" : "WRONG");
}

int main(void) {
  check("mixture", mixture, grad_mixture);
  check("rewritten", rewritten, grad_rewritten);
  check("recurrence", recurrence, grad_recurrence);
  return 0;
}
// CHECK: mixture ok
// CHECK-NEXT: rewritten ok
// CHECK-NEXT: recurrence ok
