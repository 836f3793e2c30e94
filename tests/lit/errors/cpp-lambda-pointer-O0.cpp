// A lambda converted to a function pointer (`+[](double x) {...}`) names a
// known function once clang folds the conversion (-O1 and up: it works), but
// at -O0 the pointer is the result of a call to the closure's conversion
// operator, which the call site cannot see through: refused.
// RUN: clang -g -O0 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck --check-prefix=OPT %s
#include <cstdio>
extern "C" double __enzyme_autodiff(void *, ...);

int main() {
  auto cube = [](double x) { return x * x * x; };
  printf("%g\n", __enzyme_autodiff((void *)+cube, 0.5));
}

// CHECK: {{^}}enzyme-opt: error: {{.*}}cpp-lambda-pointer-O0.cpp:[[# @LINE - 3]], in function @main: cannot tell which function the first argument of this Enzyme call names (a direct function, a cast of one, or a constant global holding one is needed){{$}}
// OPT: 0.75
