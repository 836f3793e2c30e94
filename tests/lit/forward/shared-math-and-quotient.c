// Forward mode reuses the primal's math calls and takes a quotient's tangent with one
// division (issue 24, bench/kernels/ba.c and lstm.c): sin'(t) = cos(t) is the primal's
// own cos(t) whether cos comes before sin or after it in the block (it moves up), and
// the tangent of a/b is (ȧ - y·ḃ)/b, of 1/b is -y²·ḃ, of a/c is ȧ/c. Checked against
// the analytic derivative at -O0..-O3, one direction and two (enzyme_width 2).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll | FileCheck %s
// RUN: FileCheck --check-prefix=IR %s < %t2.out.ll
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -O2 -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
extern int enzyme_width;
double __enzyme_fwddiff(void *, ...);
typedef struct { double d[2]; } d2;
d2 __enzyme_fwddiff_w2(void *, ...);

// cos before sin, then sin before cos; a quotient with both sides varying, a
// sigmoid, a constant over a varying denominator, a varying over a constant.
__attribute__((noinline)) double f(double w, double x) {
  double t = w * w + 0.5;
  double c = cos(t), s = sin(t);
  double u = 0.3 * x + w;
  double s2 = sin(u), c2 = cos(u);
  double q = (c * x + s) / (s2 * s2 + 1.5 + c2);
  double sig = 1.0 / (1.0 + exp(-x * w));
  return q + sig + 3.0 / (1.0 + x * x) + w / 7.0;
}

// A store between cos(t) and sin(t): sin does not move above it (the tangent of cos
// calls llvm.sin of its own, which joins cos(t) in one sincos: ad/sine_cosine.py), and
// the stored value's tangent is the shadow's.
__attribute__((noinline)) double g(double t, double *out) {
  double c = cos(t);
  *out = c;
  double s = sin(t);
  return c * s;
}

static double df(double w, double x, double dw, double dx) {
  double t = w * w + 0.5, dt = 2 * w * dw;
  double c = cos(t), s = sin(t), dc = -s * dt, ds = c * dt;
  double u = 0.3 * x + w, du = 0.3 * dx + dw;
  double s2 = sin(u), c2 = cos(u), ds2 = c2 * du, dc2 = -s2 * du;
  double a = c * x + s, da = dc * x + c * dx + ds;
  double b = s2 * s2 + 1.5 + c2, db = 2 * s2 * ds2 + dc2;
  double e = exp(-x * w), sig = 1.0 / (1.0 + e), de = -e * (dx * w + x * dw);
  double dsig = -sig * sig * de;
  double r = 1.0 + x * x;
  return (da * b - a * db) / (b * b) + dsig - 3.0 * 2 * x * dx / (r * r) + dw / 7.0;
}

static int close(double got, double want) { return fabs(got - want) <= 1e-13 * (1 + fabs(want)); }

int main(void) {
  int ok = 1;
  for (int k = 0; k < 4; k++) {
    double w = 0.4 + 0.7 * k, x = -1.1 + 0.9 * k;
    ok &= close(__enzyme_fwddiff((void *)f, w, 1.0, x, 0.0), df(w, x, 1.0, 0.0));
    ok &= close(__enzyme_fwddiff((void *)f, w, 0.0, x, 1.0), df(w, x, 0.0, 1.0));
    ok &= close(__enzyme_fwddiff((void *)f, w, 0.6, x, -0.8), df(w, x, 0.6, -0.8));
    d2 t = __enzyme_fwddiff_w2((void *)f, enzyme_width, 2, w, 1.0, 0.6, x, 0.0, -0.8);
    ok &= close(t.d[0], df(w, x, 1.0, 0.0)) && close(t.d[1], df(w, x, 0.6, -0.8));
  }
  for (int k = 0; k < 3; k++) {
    double t = 0.3 + 0.8 * k, out = 0, dout = 0;
    double dg = __enzyme_fwddiff((void *)g, t, 1.0, &out, &dout);
    ok &= close(dg, cos(2 * t)) && close(dout, -sin(t));
  }
  printf("tangents %s\n", ok ? "ok" : "WRONG");
  return 0;
}
// CHECK: tangents ok

// The tangent calls sin and cos only where the primal does: no second sin(t), cos(t).
// IR-LABEL: define {{.*}} @fwddiffef(
// IR-NOT: @llvm.sin
// IR-NOT: @llvm.cos
// IR: ret
// IR-LABEL: define {{.*}} @fwddiffeg(
// IR: call void @sincos(
// IR: store
// IR: call {{.*}} @sin(
// IR: ret
