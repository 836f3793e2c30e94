// C callbacks passed to the differentiated function as plain function pointers
// (enzyme_const, or without a marker), and read from a constant table: the
// pointer has no shadow, so each call finds the table of derivatives of the
// function it points to at run time, among the functions of its type whose
// address the module takes. Reverse and forward mode; a right-hand side taking
// pointers (an ODE step) and one of doubles (a quadrature); gradients and
// tangents against central finite differences, every level.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt %t2.ll -S -o - | FileCheck %s --check-prefix=IR
#include <math.h>
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;

typedef double (*integrand)(double, double);
typedef void (*rhs)(const double *y, double *dydt, double k);

double damped(double t, double a) { return exp(-a * t) * sin(t); }
double power(double t, double a) { return pow(t, a); }
void decay(const double *y, double *dydt, double k) {
  dydt[0] = -k * y[0] * y[1];
  dydt[1] = k * y[0] - 0.5 * y[1];
}
void orbit(const double *y, double *dydt, double k) {
  dydt[0] = y[1];
  dydt[1] = -k * sin(y[0]);
}

/* The midpoint rule: which integrand is known only at run time. */
__attribute__((noinline)) double integrate(integrand f, double a, double lo, double hi) {
  int n = 64;
  double h = (hi - lo) / n, s = 0;
  for (int i = 0; i < n; i++)
    s += f(lo + (i + 0.5) * h, a) * h;
  return s;
}

/* Explicit Euler steps of dy/dt = f(y): the state's loss. */
__attribute__((noinline)) double simulate(rhs f, double *y, double k) {
  double dydt[2];
  for (int step = 0; step < 20; step++) {
    f(y, dydt, k);
    y[0] += 0.05 * dydt[0];
    y[1] += 0.05 * dydt[1];
  }
  return y[0] * y[0] + y[1];
}

static const integrand table[2] = {damped, power};

/* A pointer read from a constant table, chosen by an integer. */
__attribute__((noinline)) double pick(int which, double a) {
  return integrate(table[which], a, 0.5, 2.0);
}

static int close(double a, double b) { return fabs(a - b) < 1e-5 * (1 + fabs(b)); }

int main(void) {
  int ok = 1;
  double h = 1e-6;
  for (int j = 0; j < 2; j++) {
    integrand f = table[j];
    double a = 0.7;
    double fd = (integrate(f, a + h, 0.5, 2.0) - integrate(f, a - h, 0.5, 2.0)) / (2 * h);
    ok &= close(__enzyme_autodiff((void *)integrate, enzyme_const, f, a, 0.5, 2.0), fd);
    ok &= close(__enzyme_autodiff((void *)integrate, f, a, enzyme_const, 0.5, enzyme_const, 2.0), fd);
    ok &= close(__enzyme_fwddiff((void *)integrate, enzyme_const, f, a, 1.0, enzyme_const, 0.5,
                                 enzyme_const, 2.0), fd);
    ok &= close(__enzyme_autodiff((void *)pick, j, a), fd);
  }
  rhs fs[2] = {decay, orbit};
  for (int j = 0; j < 2; j++) {
    double y[2] = {0.8, 0.3}, dy[2] = {0, 0}, k = 1.3;
    double dk = __enzyme_autodiff((void *)simulate, enzyme_const, fs[j], enzyme_dup, y, dy, k);
    for (int i = 0; i < 3; i++) {
      double up[2] = {0.8, 0.3}, down[2] = {0.8, 0.3}, ku = k, kd = k;
      if (i < 2) { up[i] += h; down[i] -= h; } else { ku += h; kd -= h; }
      double fd = (simulate(fs[j], up, ku) - simulate(fs[j], down, kd)) / (2 * h);
      double got = i < 2 ? dy[i] : dk;
      if (!close(got, fd)) { printf("rhs %d input %d: %g, expected %g\n", j, i, got, fd); ok = 0; }
    }
    double y0[2] = {0.8, 0.3}, t0[2] = {1.0, -0.5};
    double up[2] = {0.8 + h, 0.3 - 0.5 * h}, down[2] = {0.8 - h, 0.3 + 0.5 * h};
    double fd = (simulate(fs[j], up, k + 2 * h) - simulate(fs[j], down, k - 2 * h)) / (2 * h);
    ok &= close(__enzyme_fwddiff((void *)simulate, enzyme_const, fs[j], enzyme_dup, y0, t0, k, 2.0), fd);
  }
  printf(ok ? "callbacks: ok\n" : "callbacks: WRONG\n");
  return 0;
}
// CHECK: callbacks: ok

// The table is chosen by comparing the pointer with each function of its type.
// IR-LABEL: define internal {{.*}}@augmented_integrate(
// IR: %[[T:.*]] = select i1 %{{.*}}, ptr @{{damped|power}}.shadow_table, ptr null
// IR: call void @enzyme_opt.stop_if(
