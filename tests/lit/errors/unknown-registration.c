// A global named for Enzyme that enzyme-opt does not know (here a misspelt
// registration) is an error, not silently ignored.
// RUN: clang -O1 -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
double __enzyme_autodiff(void *, ...);
double sq(double x) { return x * x; }
double sq_grad(double x, double d, void *t) { return 2 * x * d; }
void *__enzyme_register_gradiant_sq[] = {(void *)sq, (void *)sq_grad};
double g(double x) { return __enzyme_autodiff((void *)sq, x); }
// CHECK: enzyme-opt: error: {{.*}}: @__enzyme_register_gradiant_sq is named for Enzyme, but enzyme-opt does not know what it registers
