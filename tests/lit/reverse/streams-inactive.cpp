// A scalar computation among stream I/O (Enzyme's fbuff.cpp): the streams'
// virtual methods get only inactive objects, since no value carrying a
// derivative ever reaches memory, so the calls need no derivative and the
// gradient is the scalar one. Before, every local object counted as memory
// that might hold derivatives, and the virtual call was refused (-O1..-O3).
// Every level.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: lli %t0.out.ll | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
extern "C" double __enzyme_autodiff(void *, double);

double logged(double x) {
  std::ostringstream log;
  log << "step" << std::endl;
  std::cout << log.str() << std::endl; // cout's virtual ctype::do_widen, for endl
  double y = std::sin(x) * x;
  return y * y;
}

int main() {
  double x = 0.7;
  double d = __enzyme_autodiff((void *)logged, x);
  double y = std::sin(x) * x, want = 2 * y * (std::cos(x) * x + std::sin(x));
  std::printf("%s\n", std::fabs(d - want) < 1e-14 ? "ok" : "WRONG");
}
// CHECK: ok
