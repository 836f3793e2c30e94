// Enzyme's gradient logging hook in its later form, which also takes the operation's
// result and operands (numOperands doubles): a C++ program's enzymeLogGrad (a free
// function, so its Itanium name) is called by the reverse sweep once per active
// floating-point operation, with the primal result and operands the forward sweep
// computed — inside a loop too, where they come back from the tape. The gradient is
// unchanged. (No contraction: an fmuladd would be one logged call.)
// RUN: clang -O0 -ffp-contract=off -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -ffp-contract=off -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt %t2.ll --no-reuse -S -o - | lli | FileCheck %s
#include <cmath>
#include <cstdio>
extern double __enzyme_autodiff(void *, ...);
extern int enzyme_const;

int logged;
void enzymeLogGrad(double res, double grad, const char *opcode, const char *callee,
                   const char *module, const char *function, unsigned block, unsigned inst,
                   unsigned n, double *operands) {
  logged++;
  std::printf("log %s%s res %.4f grad %.4f", opcode, callee, res, grad);
  for (unsigned i = 0; i < n; i++)
    std::printf(" %.4f", operands[i]);
  std::printf("\n");
}

// s = ((c·x + 1)·x + 1)·x + 1, then sin(s); c = 1 is a constant argument, so that
// -O2 cannot drop the first product
__attribute__((noinline)) double horner(double x, double c) {
  double s = c;
  for (int i = 0; i < 3; i++)
    s = s * x + 1;
  return std::sin(s);
}

int main() {
  double x = 0.5;
  double dx = __enzyme_autodiff((void *)horner, x, enzyme_const, 1.0);
  double s = 1.875, ds = 3 * x * x + 2 * x + 1;
  std::printf("gradient %.6f expected %.6f, %d logged\n", dx, std::cos(s) * ds, logged);
  return 0;
}
// The reverse sweep walks back: sin first, then the last iteration's add and product
// (-O2 may list a product's or sum's operands the other way round).
// CHECK: log callsin res 0.9541 grad 1.0000 1.8750
// CHECK-NEXT: log fadd res 1.8750 grad -0.2995 {{(0.8750 1.0000|1.0000 0.8750)}}
// CHECK-NEXT: log fmul res 0.8750 grad -0.2995 {{(1.7500 0.5000|0.5000 1.7500)}}
// CHECK-NEXT: log fadd res 1.7500 grad -0.1498 {{(0.7500 1.0000|1.0000 0.7500)}}
// CHECK-NEXT: log fmul res 0.7500 grad -0.1498 {{(1.5000 0.5000|0.5000 1.5000)}}
// CHECK-NEXT: log fadd res 1.5000 grad -0.0749 {{(0.5000 1.0000|1.0000 0.5000)}}
// CHECK-NEXT: log fmul res 0.5000 grad -0.0749 {{(1.0000 0.5000|0.5000 1.0000)}}
// CHECK: gradient [[G:[0-9.-]+]] expected [[G]], 7 logged
