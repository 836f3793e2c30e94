// A context is known at compile time, as in Enzyme: it must be made by
// __enzyme_context in the function that uses it. One passed in from a caller
// is refused in one line.
// RUN: clang -O0 -g -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
extern void *__enzyme_context(int);
extern double __enzyme_autodiff(void *, ...);
extern int enzyme_context;
double k = 2.0;
double f(double x) { return k * x; }
__attribute__((noinline)) double grad(void *ctx, double x) {
  return __enzyme_autodiff((void *)f, enzyme_context, ctx, x);
}
int main(void) { return (int)grad(__enzyme_context(1), 1.0); }
// CHECK: enzyme-opt: error: {{.*}}context-from-caller.c:12, in function @grad: cannot tell which context enzyme_context is given: a context is made by __enzyme_context in the function that uses it
