// An error met in code enzyme-opt generated (here the derivative df that ddf asks to
// differentiate again) names the user's function, the call and its source line, never
// the generated function's blocks (`in function @diffef, block %entry`). The loop
// makes df keep values on its tape, which reverse over reverse mirrors on a shadow
// tape reserved with mmap: on Linux only, so here the module is for macOS.
// RUN: clang --target=x86_64-apple-macos -O0 -g -S -emit-llvm %s -o %t.g.ll
// RUN: not enzyme-opt %t.g.ll -S -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=DBG
// RUN: clang --target=x86_64-apple-macos -O0 -S -emit-llvm %s -o %t.ll
// RUN: not enzyme-opt %t.ll -S -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=PLAIN
double __enzyme_autodiff(void *, ...);
double f(double x) { double y = x; for (int i = 0; i < 3; i++) y = y * x; return y; }
double df(double x) { return __enzyme_autodiff((void *)f, x); }
double ddf(double x) { return __enzyme_autodiff((void *)df, x); }
// DBG: enzyme-opt: error: {{.*}}reverse-over-reverse-location.c:12, in function @df (the derivative of @f it calls): reverse mode of a function that itself computes a gradient
// DBG-NOT: diffe
// PLAIN: enzyme-opt: error: in the derivative of @f: reverse mode
