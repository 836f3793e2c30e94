// C++ streams, strings, locales and allocators move no floats of the program's: a number
// read from a std::stringstream is a constant, and the objects they use hold no
// derivative (analysis/library.py checks that of every call), so they are inactive, as
// in Enzyme (these calls were refused: "no derivative is known for @_ZNSaIcEC1Ev").
// strlen and std::_Hash_bytes (std::hash of a string) return integers. Reverse and
// forward mode at -O0..-O3, against the analytic derivative x² · 14 · 1.5 · len.
// RUN: clang -std=c++17 -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -std=c++17 -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -std=c++17 -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -std=c++17 -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// CHECK: reverse ok
// CHECK: forward ok
#include <cstring>
#include <functional>
#include <iostream>
#include <locale>
#include <sstream>
#include <string>

extern double __enzyme_autodiff(void *, double);
extern double __enzyme_fwddiff(void *, double, double);

double fn(double x) {
  std::stringstream input("14 1.5 rest");
  double a;
  float b;
  input >> a >> b;
  input.ignore();
  char c;
  input.get(c);
  std::string word("four");
  double len = (double)strlen(word.c_str());
  size_t h = std::hash<std::string>{}(word);
  std::wcout.imbue(std::locale());
  return x * x * a * b * len + (h == 0 ? 1.0 : 0.0);
}

int main() {
  double x = 2.1;
  double d = __enzyme_autodiff((void *)fn, x);
  std::printf("reverse %s\n", d == 2 * x * 14 * 1.5 * 4 ? "ok" : "WRONG");
  double t = __enzyme_fwddiff((void *)fn, x, 1.0);
  std::printf("forward %s\n", t == 2 * x * 14 * 1.5 * 4 ? "ok" : "WRONG");
}
