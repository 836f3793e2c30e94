// __enzyme_checkpoint_for from C++ (its declaration mangled), with a
// captureless lambda as the step and std::vector storage: recursive
// bisection, 0 to 11 steps; the gradient must be the plain loop's and agree
// with central differences.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include "../Inputs/checkpoint_schemes.h"
#include <cmath>
#include <vector>
double __enzyme_autodiff(void *, ...);
extern int enzyme_const;

static void (*const step)(int64_t, double *, double *, long) =
    [](int64_t t, double *u, double *w, long n) {
      for (long i = 0; i < n; i++) w[i] = u[i] + 0.1 * std::sin(u[(i + 1) % n]) * u[i];
      for (long i = 0; i < n; i++) u[i] = w[i];
    };

static double loss(const double *u, long n) {
  double s = 0;
  for (long i = 0; i < n; i++) s += u[i] * u[i];
  return s;
}

double checkpointed(double *u, double *w, long n, int64_t T) {
  __enzyme_checkpoint_for((void *)step, 0, T, enzyme_scheme, &ckpt_bisect, (void *)0,
                          enzyme_checkpoint_region, u, n * sizeof(double),
                          enzyme_checkpoint_region, w, n * sizeof(double), u, w, n);
  return loss(u, n);
}

double plain(double *u, double *w, long n, int64_t T) {
  for (int64_t t = 0; t < T; t++) step(t, u, w, n);
  return loss(u, n);
}

int main() {
  const long n = 7;
  std::vector<double> u(n), du(n), w(n), dw(n), g(n);
  auto reset = [&] { for (long i = 0; i < n; i++) { u[i] = 0.2 + 0.1 * i; du[i] = 0; } };
  double worst = 0, worst_fd = 0;
  for (int64_t T = 0; T < 12; T++) {
    reset();
    __enzyme_autodiff((void *)plain, u.data(), du.data(), w.data(), dw.data(), n, T);
    g = du;
    reset();
    __enzyme_autodiff((void *)checkpointed, u.data(), du.data(), w.data(), dw.data(), n, T);
    for (long i = 0; i < n; i++) worst = std::fmax(worst, std::fabs(g[i] - du[i]));
    for (long i = 0; i < n; i += 3) {
      double h = 1e-6;
      reset(); u[i] += h; double up = checkpointed(u.data(), w.data(), n, T);
      reset(); u[i] -= h; double down = checkpointed(u.data(), w.data(), n, T);
      worst_fd = std::fmax(worst_fd, std::fabs((up - down) / (2 * h) - g[i]) / (1 + std::fabs(g[i])));
    }
  }
  printf("as the plain loop: %s\n", worst < 1e-12 ? "ok" : "WRONG");
  printf("against differences: %s\n", worst_fd < 1e-6 ? "ok" : "WRONG");
}
// CHECK: as the plain loop: ok
// CHECK-NEXT: against differences: ok
