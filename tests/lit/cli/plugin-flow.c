// Enzyme's clang-plugin flow: IR straight from clang's front end through
// `enzyme-opt -O<n>` is optimized with the functions the program told Enzyme
// about kept out of the inliner's reach (abi/preserve.py), then differentiated,
// then optimized again. The registered forward derivative (deliberately 100,
// not 2x) and the inactive function are used. In the plain flow clang -O1 has
// already inlined them: the result differs, and one warning line per function
// says so and names the flow that keeps them.
// RUN: clang -O1 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt -O1 %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt -O2 %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt -O3 %t3.ll -S -o - | lli | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t.plain.ll
// RUN: enzyme-opt %t.plain.ll -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
#include <stdio.h>
double __enzyme_fwddiff(void *, ...);
double __enzyme_autodiff(void *, ...);

static void square_(const double *src, double *dest) { *dest = *src * *src; }
int rule_calls = 0;
static void square_tangent(const double *src, const double *d_src, const double *dest,
                           double *d_dest) {
  rule_calls++;
  *d_dest = 100;
}
void *__enzyme_register_derivative_square[] = {(void *)square_, (void *)square_tangent};
double square(double x) {
  double y;
  square_(&x, &y);
  return y;
}

__attribute__((noinline)) static double passthrough(double x) { return x; }
void *__enzyme_inactivefn[] = {(void *)passthrough};
double scaled(double x) { return x * passthrough(x); }

int main(void) {
  double t = __enzyme_fwddiff((void *)square, 3.0, 1.0);
  printf("registered rule: %g, called %d\n", t, rule_calls);
  printf("inactive: %g\n", __enzyme_autodiff((void *)scaled, 2.0));
  return 0;
}
// CHECK: registered rule: 100, called 1
// CHECK: inactive: 2
// WARN: enzyme-opt: warning: {{.*}}@square_ has a registered derivative, but no call of it is left{{.*}}enzyme-opt -O2 (docs/pipeline.md)
// WARN: enzyme-opt: warning: {{.*}}@passthrough has an inactivity annotation
