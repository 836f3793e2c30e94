// An Enzyme call of a function chosen at run time, made as an invoke: C++ at -O0 with a
// destructor in scope calls __enzyme_autodiff through `invoke … unwind label %lpad`.
// The call is split into one invoke per function, each unwinding to the same landing pad
// and returning to one join block (abi/chosen_functions.py), which lowering makes calls of
// the derivatives; it used to be refused ("cannot tell which function …"). -O0 (invokes),
// -O2 (a select of the functions).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t0.out.ll
// RUN: lli %t0.out.ll | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
#include <cmath>
#include <cstdio>
extern double __enzyme_autodiff(void *, ...);
double f(double x) { return x * x; }
double g(double x) { return std::sin(x); }
double h(double x) { return std::exp(x); }
int guards;
struct Guard {
  Guard() { guards++; }
  ~Guard() { guards--; }
};
__attribute__((noinline)) double grad(int which, double x) {
  Guard guard;
  return __enzyme_autodiff((void *)(which == 0 ? f : which == 1 ? g : h), x);
}
int main() {
  std::printf("%g %g %g guards=%d\n", grad(0, 1.5), grad(1, 1.5), grad(2, 1.5), guards);
  return 0;
}
// d/dx of x², sin x, eˣ at 1.5; every guard destroyed:
// CHECK: 3 0.0707372 4.48169 guards=0
// IR-LABEL: define {{.*}}@_Z4gradid(
// IR: icmp eq ptr %{{.*}}, @_Z1fd
// IR: enzyme.join:
// IR: enzyme.call._Z1fd:
// IR-NEXT: call double @diffe_Z1fd(
// IR-NEXT: br label %enzyme.join
