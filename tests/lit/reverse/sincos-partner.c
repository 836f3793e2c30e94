// The reverse sweep takes sin'(θ) = cos(θ) from the primal's own cos(θ) when the
// function computes both in one block (a rotation), and likewise cos, sinh and cosh
// (ad/rules/primal_math.py): the gradient of rotate() calls no sin or cos of its own.
// Where the partner is not computed (sin_only) or only in another block (partner_apart)
// the rule still calls it. Gradients against central differences, -O0..-O3, --no-reuse.
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t2.out.ll
// RUN: clang %t2.out.ll -lm -o %t2.bin
// RUN: %t2.bin | FileCheck %s
// RUN: enzyme-opt %t2.ll --no-reuse -S -o - | lli | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
typedef struct { double dt, da; } grads;
extern grads __enzyme_autodiff(void *, ...);
extern int enzyme_const;

// IR-LABEL: define internal { double, double } @reverse_rotate(
// IR-NOT: @llvm.sin
// IR-NOT: @llvm.cos
// IR-NOT: @llvm.sinh
// IR-NOT: @llvm.cosh
// IR: ret { double, double }
double rotate(double t, double x, double y, double a) {
  double c = cos(t), s = sin(t);
  double u = x * c - y * s, v = x * s + y * c;
  return u * v + sinh(a) * cosh(a) + u;
}

// IR-LABEL: define internal { double, double } @reverse_sin_only(
// IR: call double @llvm.cos.f64(
double sin_only(double t, double x, double y, double a) {
  return sin(t) * x + y * a;
}

// IR-LABEL: define internal { double, double } @reverse_partner_apart(
// IR: call double @llvm.sin.f64(
double partner_apart(double t, double x, double y, double a) {
  double r = cos(t) * x;
  if (y > 0.5)
    r += sin(t) * y;
  return r * a;
}

typedef double (*fn4)(double, double, double, double);

// d/dt and d/da (x and y constant); one Enzyme call per function of a constant name
#define GRAD(f) \
  __attribute__((noinline)) static grads grad_##f(double t, double x, double y, double a) { \
    return __enzyme_autodiff((void *)f, t, enzyme_const, x, enzyme_const, y, a); \
  }
GRAD(rotate)
GRAD(sin_only)
GRAD(partner_apart)

static void check(const char *name, fn4 f, grads (*grad)(double, double, double, double)) {
  double worst = 0;
  for (int k = 0; k < 3; k++) {
    double t = 0.3 + 0.9 * k, x = 1.1 - 0.4 * k, y = 0.2 + 0.5 * k, a = 0.7 - 0.3 * k, h = 1e-6;
    grads g = grad(t, x, y, a);
    double fdt = (f(t + h, x, y, a) - f(t - h, x, y, a)) / (2 * h);
    double fda = (f(t, x, y, a + h) - f(t, x, y, a - h)) / (2 * h);
    double err = fmax(fabs(g.dt - fdt) / fmax(1.0, fabs(fdt)), fabs(g.da - fda) / fmax(1.0, fabs(fda)));
    worst = err > worst ? err : worst;
  }
  printf("%s %s\n", name, worst < 1e-6 ? "ok" : "WRONG");
}

int main(void) {
  check("rotate", rotate, grad_rotate);
  check("sin_only", sin_only, grad_sin_only);
  check("partner_apart", partner_apart, grad_partner_apart);
  return 0;
}
// CHECK: rotate ok
// CHECK-NEXT: sin_only ok
// CHECK-NEXT: partner_apart ok
