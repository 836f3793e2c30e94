// Regression (issue 9, ../shared/repro/forward-O2-wrong-*.c): at -O2 LLVM
// places a block before the block that defines the phi it uses (here the
// exit of the unrolled do-loop, whose fabs(x[1]) is hoisted above the
// second loop). The generators walked blocks in layout order and saw the
// use before the definition, so the tangent of the phi was taken as zero:
// a silently wrong forward derivative. Blocks are now visited in dominance
// order. Checked against the analytic derivative in both modes.
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

double f(double *x, int n) {
  double r = 0.0;
  for (int i1 = 0; i1 < 2; i1++) {
    if (x[0] < 1.6) {
      int k = 0;
      do {
        r += x[k / 2] * log(x[k + 2] + 1.5);
        k++;
      } while (k < 4);
    } else {
      r += x[i1 + 1];
    }
  }
  for (int i = 0; i < n; i += 2)
    if (i % 4 == 0) r += -0.5 - fabs(x[1]);
  return r;
}

/* r = 2 sum_k x[k/2] log(x[k+2] + 1.5) + 2 (-0.5 - |x1|) for n = 6, x0 < 1.6 */
static void gradient(const double *x, double *g) {
  for (int i = 0; i < 6; i++) g[i] = 0;
  for (int k = 0; k < 4; k++) {
    g[k / 2] += 2 * log(x[k + 2] + 1.5);
    g[k + 2] += 2 * x[k / 2] / (x[k + 2] + 1.5);
  }
  g[1] -= 2 * (x[1] < 0 ? -1 : 1);
}

int main(void) {
  double x[6] = {1.323, 0.805, 1.111, 0.985, -1.256, -0.945};
  double v[6] = {-0.554, 0.623, -0.959, 0.422, -0.491, 0.995};
  double g[6], dx[6] = {0}, want = 0;
  gradient(x, g);
  for (int i = 0; i < 6; i++) want += g[i] * v[i];
  double got = __enzyme_fwddiff((void *)f, enzyme_dup, x, v, enzyme_const, 6);
  printf("forward %s\n", fabs(got - want) < 1e-12 * (1 + fabs(want)) ? "ok" : "WRONG");
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, 6);
  int ok = 1;
  for (int i = 0; i < 6; i++) ok &= fabs(dx[i] - g[i]) < 1e-12 * (1 + fabs(g[i]));
  printf("reverse %s\n", ok ? "ok" : "WRONG");
  return 0;
}
// CHECK: forward ok
// CHECK-NEXT: reverse ok
