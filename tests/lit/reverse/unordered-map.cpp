// A std::unordered_map<std::string, double> of active values (Enzyme's map.cpp,
// stl_umap.cpp): the nodes hold the derivatives; the key strings built beside
// the map hold none and keep no shadow (analysis/local_memory.py), so the key's
// characters move into a node as the characters they are, and a long key's heap
// buffer, which the node takes over, is constant data in shadow memory (the
// run-time activity checks). -O1..-O3 (at -O0 the key's address goes through
// libstdc++'s tuples and every key keeps a shadow: refused in one line).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: not enzyme-opt %t0.ll -S -o %t0.out.ll 2>&1 | FileCheck --check-prefix=O0 %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -ffast-math -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2c.ll
// RUN: enzyme-opt --no-reuse %t2c.ll -S -o - | lli | FileCheck %s
#include <cmath>
#include <cstdio>
#include <string>
#include <unordered_map>
extern "C" double __enzyme_autodiff(void *, double);

static const char *LONG_KEY = "a rather long key, past the small-string buffer";

std::unordered_map<std::string, double> fill(double x, double y) {
  std::unordered_map<std::string, double> m;
  m["alpha"] = x * x + y;
  m["beta"] = std::sin(y) * x;
  m[LONG_KEY] = x / (1.0 + y * y);
  return m;
}

double hashed(double r) {
  std::unordered_map<std::string, double> m = fill(std::sqrt(r), std::log(r));
  m["alpha"] += m["beta"] * r;        // a value read, updated and read again
  for (int i = 0; i < 20; i++)        // enough keys to make the table rehash
    m["k" + std::to_string(i)] = r * i;
  return m["alpha"] * m["beta"] + m[LONG_KEY] + m["k7"] * m["k19"];
}

int main() {
  for (double r : {0.5, 3.0}) {
    double h = 1e-6, fd = (hashed(r + h) - hashed(r - h)) / (2 * h);
    double d = __enzyme_autodiff((void *)hashed, r);
    bool ok = std::fabs(d - fd) <= 1e-6 * (1 + std::fabs(fd));
    std::printf("%s\n", ok ? "ok" : "WRONG");
    if (!ok) std::printf("  %.12g vs %.12g\n", d, fd);
  }
}
// CHECK: ok
// CHECK-NEXT: ok
// O0: error: {{.*}}std::__cxx11::basic_string{{.*}} is taken as inactive (it moves no floats) only on memory that holds no derivative, but it is given memory that may: it is also given to function std::unordered_map<
