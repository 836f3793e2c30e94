// Differentiating a function defined in another translation unit, with -g:
// the error names the line of the __enzyme_autodiff call.
// RUN: clang -g -O1 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s

extern double __enzyme_autodiff(void *, ...);
double ext(double);

double t(double x) {
  return __enzyme_autodiff((void *)ext, x);
}

// CHECK: {{^}}enzyme-opt: error: {{.*}}declaration-only.c:[[# @LINE - 3]], in function @t: cannot differentiate @ext: it is only a declaration
