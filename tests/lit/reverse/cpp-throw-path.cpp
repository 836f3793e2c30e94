// A throw path — code that builds an exception (a std::string message, an exception
// object of the program's own class) and never returns — is cut in the copy that is
// differentiated (llvm.trap where it starts): a derivative that throws ends the program
// anyway. Before, its string was refused as memory that might hold derivatives, or its
// exception class's constructor differentiated for nothing. Gradient against the analytic one, -O0..-O3; the throw path itself still throws in the
// primal (not differentiated) call.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
extern "C" double __enzyme_autodiff(void *, ...);

struct step_error : std::runtime_error {
  double where;
  step_error(const std::string &what, double at) : std::runtime_error(what), where(at) {}
};

__attribute__((noinline)) double integrate(double x, int steps) {
  double s = 0, h = 1.0 / steps;
  for (int i = 0; i < steps; i++) {
    double t = x + i * h;
    if (t > 100.0)
      throw step_error("step " + std::to_string(i) + " left the domain", t);
    s += h * std::sin(t) * x;
  }
  return s;
}

int main() {
  double x = 0.8;
  int n = 64;
  double d = __enzyme_autodiff((void *)integrate, x, n);
  double h = 1.0 / n, ref = 0;
  for (int i = 0; i < n; i++) {
    double t = x + i * h;
    ref += h * (std::cos(t) * x + std::sin(t));
  }
  std::printf("gradient %s\n", std::fabs(d - ref) < 1e-12 ? "ok" : "WRONG");
  try {
    integrate(200.0, 4);
  } catch (const step_error &e) {
    std::printf("primal throws: %s\n", e.what());
  }
  return 0;
}
// CHECK: gradient ok
// CHECK: primal throws: step 0 left the domain
