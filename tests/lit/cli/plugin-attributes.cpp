// The attributes of Enzyme's clang plugin through plain clang: `enzyme-opt
// --clang-flags` (here as a response file, `clang @flags`) force-includes a header
// that makes each one clang's `annotate`, which enzyme-opt reads. Without it clang
// drops them ("unknown attribute ignored") and every number below changes.
// Checked in the clang-plugin flow at -O0..-O3 (inline template functions are
// linkonce_odr with a comdat: the flow's noinline mark must go before `comdat`),
// and in the plain flow at -O0.
// RUN: enzyme-opt --clang-flags > %t.flags
// RUN: clang @%t.flags -O0 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt -O0 %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang @%t.flags -O1 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt -O1 %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang @%t.flags -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt -O2 %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang @%t.flags -O3 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt -O3 %t3.ll -S -o - | lli | FileCheck %s
// RUN: clang @%t.flags -O0 -S -emit-llvm %s -o - | enzyme-opt - -S -o - | lli | FileCheck %s
// Without the flags the attributes are gone: the inactive function and my_log1p's body
// count (3x + x·3 + 2x + 2wx = 6 at x = 0.5), weight's derivative goes to no shadow.
// RUN: clang -Wno-unknown-attributes -O0 -S -emit-llvm %s -o - | enzyme-opt - -S -o - | lli | FileCheck %s --check-prefix=PLAIN
#include <math.h>
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

// Inactive: a template function (linkonce_odr, comdat) and a global.
template <typename T> __attribute__((noinline, enzyme_inactive)) T scale_of(T a) { return 3 * a; }
__attribute__((enzyme_inactive)) double tally = 0;

// Differentiated with log1p's rule, whatever its body says.
__attribute__((enzyme_function_like("log1p"))) double my_log1p(double a) { return a * a; }

// A global whose derivative lives in another one.
double weight_shadow = 0;
__attribute__((enzyme_shadow(weight_shadow))) double weight = 2.0;

__attribute__((noinline)) double f(double x) {
  tally += x;                         // an active value into an inactive global
  return scale_of(x) * x + my_log1p(x) + weight * x * x;
}

int main(void) {
  double x = 0.5;
  double dx = __enzyme_autodiff((void *)f, x);
  // d/dx [3x·x (3x inactive) + log1p(x) + w·x²] = 3x + 1/(1+x) + 2wx
  printf("gradient %.6f expected %.6f\n", dx, 3 * x + 1 / (1 + x) + 2 * 2.0 * x);
  printf("weight shadow %.6f expected %.6f\n", weight_shadow, x * x);
  weight_shadow = 1.0;   // the tangent of weight
  double t = __enzyme_fwddiff((void *)f, x, 0.0);
  printf("tangent %.6f expected %.6f\n", t, x * x);
  return 0;
}
// CHECK: gradient [[G:[0-9.]+]] expected [[G]]
// CHECK: weight shadow [[S:[0-9.]+]] expected [[S]]
// CHECK: tangent [[T:[0-9.]+]] expected [[T]]
// PLAIN: gradient 6.000000 expected 4.166667
// PLAIN: weight shadow 0.000000 expected 0.250000
