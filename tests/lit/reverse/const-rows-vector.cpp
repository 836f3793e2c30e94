// A std::vector<const double *> of the rows of a constant data matrix (enzyme_const): the
// vector's buffer has a shadow (the derivative allocates it), push_back stores each row's
// pointer there, and with run-time activity (ad/runtime_activity.py) the buffer's shadow
// holds the rows' own pointers; reads through them are checked at run time. The gradient of a
// least-squares loss in w agrees with central differences at -O0..-O3 (and --no-reuse), and
// the data are the same bytes after the gradient as before.
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - --no-reuse -S | lli | FileCheck %s
// CHECK: gradient ok
// CHECK: data unchanged
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>
double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

constexpr int ROWS = 5, COLS = 3;

__attribute__((noinline)) double loss(const std::vector<const double *> &rows, const double *w,
                                      const double *target) {
  double s = 0;
  for (size_t i = 0; i < rows.size(); i++) {
    double dot = 0;
    for (int j = 0; j < COLS; j++) dot += rows[i][j] * w[j];
    double r = std::tanh(dot) - target[i];
    s += r * r;
  }
  return s;
}

double f(const double *data, double *w, const double *target) {
  std::vector<const double *> rows;
  for (int i = 0; i < ROWS; i++) rows.push_back(data + i * COLS);
  return loss(rows, w, target);
}

int main() {
  double data[ROWS * COLS], before[ROWS * COLS], target[ROWS];
  for (int k = 0; k < ROWS * COLS; k++) data[k] = std::sin(1.0 + k) * 0.8;
  for (int i = 0; i < ROWS; i++) target[i] = 0.1 * i - 0.2;
  std::memcpy(before, data, sizeof data);
  double w[COLS] = {0.4, -0.7, 1.1}, dw[COLS] = {0};
  __enzyme_autodiff((void *)f, enzyme_const, data, enzyme_dup, w, dw, enzyme_const, target);
  bool ok = true;
  const double h = 1e-6;
  for (int j = 0; j < COLS; j++) {
    double saved = w[j];
    w[j] = saved + h;
    double up = f(data, w, target);
    w[j] = saved - h;
    double down = f(data, w, target);
    w[j] = saved;
    double fd = (up - down) / (2 * h);
    if (std::fabs(dw[j] - fd) > 1e-6 * (1 + std::fabs(fd))) {
      std::printf("d/dw[%d] = %g, differences %g\n", j, dw[j], fd);
      ok = false;
    }
  }
  if (ok) std::printf("gradient ok\n");
  if (std::memcmp(before, data, sizeof data) == 0) std::printf("data unchanged\n");
  return 0;
}
