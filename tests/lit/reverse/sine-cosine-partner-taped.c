// A gradient's forward sweep computes cos(x) beside an active sin(x) (and sin(y) beside
// cos(y)) and the pair is one call of glibc's sincos; the reverse sweep reads the partial
// from the tape instead of calling llvm.cos there (issue 24, bench/kernels/libm.c: the
// gradient 1.51 → 1.20× the primal, the tape 8 bytes more an element; ad/sine_cosine.py).
// Combined and split mode; every adjoint equals the conservative mode's (--no-reuse
// calls llvm.cos in the reverse sweep) bit for bit and the analytic one to rounding, at
// -O0, -O2 and -O3 -O2.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: enzyme-opt %t0.ll --no-reuse -S -o %t0.nr.ll
// RUN: lli %t0.out.ll > %t0.txt
// RUN: lli %t0.nr.ll | diff %t0.txt -
// RUN: FileCheck %s < %t0.txt
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: enzyme-opt %t2.ll --no-reuse -S -o %t2.nr.ll
// RUN: lli %t2.out.ll > %t2.txt
// RUN: lli %t2.nr.ll | diff %t2.txt -
// RUN: FileCheck %s < %t2.txt
// RUN: FileCheck --check-prefix=IR %s < %t2.out.ll
// RUN: FileCheck --check-prefix=NR %s < %t2.nr.ll
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -O2 -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
void __enzyme_autodiff(void *, ...);
typedef struct { void *tape; double result; } augmented;
augmented __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);
extern int enzyme_const;

#define N 8
// Σ sin(x_i)·e^(−x_i²/2) + cos(y_i)·y_i (bench/kernels/libm.c's shape): each sine's partial
// is a cosine, each cosine's a sine.
__attribute__((noinline)) double field(const double *x, const double *y, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += sin(x[i]) * exp(-0.5 * x[i] * x[i]) + cos(y[i]) * y[i];
  return s;
}

static void show(const char *what, int i, double ad, double exact) {
  printf("%s[%d] %a %s\n", what, i, ad, fabs(ad - exact) <= 1e-12 * (1 + fabs(exact)) ? "ok" : "WRONG");
}

int main(void) {
  double x[N], y[N], dx[N] = {0}, dy[N] = {0}, sx[N] = {0}, sy[N] = {0};
  for (int i = 0; i < N; i++) { x[i] = 0.37 * i - 1.1; y[i] = 0.8 - 0.23 * i; }
  __enzyme_autodiff((void *)field, x, dx, y, dy, N);
  augmented a = __enzyme_augmentfwd((void *)field, x, sx, y, sy, N);
  __enzyme_reverse((void *)field, x, sx, y, sy, N, 1.0, a.tape);
  for (int i = 0; i < N; i++) {
    double e = exp(-0.5 * x[i] * x[i]);
    show("dx", i, dx[i], cos(x[i]) * e - x[i] * sin(x[i]) * e);
    show("dy", i, dy[i], -sin(y[i]) * y[i] + cos(y[i]));
    show("split dx", i, sx[i], dx[i]);
  }
  return 0;
}
// CHECK-COUNT-24: {{^(split )?d[xy]}}[{{[0-9]}}] {{.*}} ok
// CHECK-NOT: WRONG
// IR-LABEL: define internal double @augmented_field(
// IR: call void @sincos(
// IR: call void @sincos(
// IR-LABEL: define internal void @reverse_field(
// IR-NOT: @llvm.cos
// IR-NOT: @llvm.sin
// IR-NOT: call {{.*}}@sin(
// IR-NOT: call {{.*}}@cos(
// IR-LABEL: define internal void @enzyme_opt.tape.free(
// NR-NOT: sincos
// NR-LABEL: define internal void @reverse_field(
// NR: call {{.*}}@llvm.cos.f64(
