// A C++ object made outside the differentiated code, and its shadow made the same
// way, without __enzyme_virtualreverse: the shadow keeps the primal's vtable, so the
// virtual call finds the table of the method the primal object's vtable holds at
// run time (methods taking or returning a float whose class's vtable the module
// has get tables). Two classes behind one base pointer; gradients against their
// closed forms, every level, and --no-reuse.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt %t2.ll --no-reuse -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <cmath>
#include <cstdio>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" int enzyme_dup, enzyme_const;

struct Energy {
  double w[2];
  virtual ~Energy() {}
  virtual double at(double x) const = 0;
};
struct Quadratic : Energy {
  double at(double x) const override { return w[0] * x * x + w[1]; }
};
struct Wave : Energy {
  double at(double x) const override { return std::sin(w[0] * x) * w[1]; }
};

__attribute__((noinline)) double total(const Energy *e, double x) {
  return e->at(x) + e->at(2 * x);
}

int main() {
  Quadratic q, dq;
  Wave v, dv;
  q.w[0] = v.w[0] = 1.5;
  q.w[1] = v.w[1] = 0.5;
  dq.w[0] = dq.w[1] = dv.w[0] = dv.w[1] = 0;
  double x = 0.7;
  double gq = __enzyme_autodiff((void *)total, enzyme_dup, (const Energy *)&q,
                                (const Energy *)&dq, x);
  double gv = __enzyme_autodiff((void *)total, enzyme_dup, (const Energy *)&v,
                                (const Energy *)&dv, x);
  double a = 1.5, b = 0.5;
  bool ok = std::fabs(gq - 2 * a * x - 8 * a * x) < 1e-12 &&
            std::fabs(dq.w[0] - 5 * x * x) < 1e-12 && std::fabs(dq.w[1] - 2) < 1e-12 &&
            std::fabs(gv - (a * b * std::cos(a * x) + 2 * a * b * std::cos(2 * a * x))) < 1e-12 &&
            std::fabs(dv.w[0] - (x * b * std::cos(a * x) + 2 * x * b * std::cos(2 * a * x))) < 1e-12 &&
            std::fabs(dv.w[1] - (std::sin(a * x) + std::sin(2 * a * x))) < 1e-12;
  std::printf("%s %g %g %g %g\n", ok ? "ok" : "WRONG", gq, dq.w[0], gv, dv.w[0]);
}
// CHECK: ok
