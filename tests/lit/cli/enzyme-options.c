// Enzyme's command-line spellings, so that a Makefile written for
// `opt -load-pass-plugin=LLVMEnzyme-22.so -passes=enzyme` works with enzyme-opt in opt's
// place: the plugin words are dropped, -enzyme-load-inactive-file=F (one function name a
// line) makes calls of those functions inactive as Enzyme does (the derivative then leaves
// out mysin's part), options that only tune Enzyme (-enzyme-inline=1, -enzyme-preopt=0)
// are accepted and ignored, and one that would change the derivatives, not honoured, is
// refused in one line. d/dx [mysin(x) mycos(x)] = cos 2x, and -sin²x with mysin inactive.
// RUN: echo mysin > %t.list
// RUN: clang -O0 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -load-pass-plugin=/opt/LLVMEnzyme-22.so -passes=enzyme -enzyme-inline=1 --enzyme-preopt=0 -S | lli | FileCheck %s --check-prefix=ALL
// RUN: enzyme-opt %t.ll -load-pass-plugin=/opt/LLVMEnzyme-22.so -passes=enzyme --enzyme-load-inactive-file=%t.list -S | lli | FileCheck %s --check-prefix=INACTIVE
// RUN: clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -O2 -enzyme-load-inactive-file %t.list -S | lli | FileCheck %s --check-prefix=INACTIVE
// RUN: not enzyme-opt %t.ll -enzyme-runtime-activity -S 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: not enzyme-opt %t.ll -passes=instcombine -S 2>&1 | FileCheck %s --check-prefix=PASSES
// ALL: forward ok
// ALL: reverse ok
// INACTIVE: forward inactive
// INACTIVE: reverse inactive
// REFUSED: enzyme-opt: error: -enzyme-runtime-activity: this option of Enzyme's is not supported by enzyme-opt (it would change the derivatives); docs/pipeline.md lists the -enzyme-* options enzyme-opt honours and those it ignores
// PASSES: enzyme-opt: error: -passes=instcombine: enzyme-opt runs the enzyme pass only; '-passes=enzyme' (or leave it out)
#include <math.h>
#include <stdio.h>
__attribute__((noinline)) double mysin(double x) { return sin(x); }
__attribute__((noinline)) double mycos(double x) { return cos(x); }
double f(double x) { return mysin(x) * mycos(x); }
double __enzyme_fwddiff(void *, ...);
double __enzyme_autodiff(void *, ...);

static const char *verdict(double d, double x) {
  if (fabs(d - cos(2 * x)) < 1e-14) return "ok";
  if (fabs(d + sin(x) * sin(x)) < 1e-14) return "inactive";
  return "WRONG";
}

int main(void) {
  double x = 0.7;
  printf("forward %s\n", verdict(__enzyme_fwddiff((void *)f, x, 1.0), x));
  printf("reverse %s\n", verdict(__enzyme_autodiff((void *)f, x), x));
  return 0;
}
