// At -O0 clang writes `1.1 + sin(0.75) * sin(0.75)` as a run-time fmuladd of
// constants, which LLVM's simplification before AD folds, fused, in the copy
// the derivative is made from: the last step run again in the reverse sweep
// rounds one unit in the last place away from the forward sweep's. A correct
// checkpointed loop must not be stopped for that (found by the checkpointed-
// loop fuzzer); its gradient is the plain loop's to rounding.
// RUN: clang -O0 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o - | lli | FileCheck %s
#include "../Inputs/checkpoint_schemes.h"
#include <math.h>
double __enzyme_autodiff(void *, ...);
int enzyme_const;
static void step(int64_t t, double *w) { w[0] = 0.5 * sin(w[0]) + (1.1 + sin(0.75) * sin(0.75)); }
double checkpointed(double *w, int64_t n, void *data) {
  __enzyme_checkpoint_for((void *)step, 0, n, enzyme_scheme, &ckpt_periodic, data,
                          enzyme_checkpoint_region, w, sizeof(double), w);
  return w[0];
}
double plain(double *w, int64_t n, void *data) {
  for (int64_t t = 0; t < n; t++) step(t, w);
  return w[0];
}
int main(void) {
  int64_t one = 1;
  double worst = 0;
  for (int64_t n = 1; n < 6; n++) {
    double w = 0.5, dw = 0, v = 0.5, dv = 0;
    __enzyme_autodiff((void *)checkpointed, &w, &dw, n, enzyme_const, &one);
    __enzyme_autodiff((void *)plain, &v, &dv, n, enzyme_const, &one);
    worst = fmax(worst, fabs(dw - dv));
  }
  printf("as the plain loop: %s\n", worst < 1e-14 ? "ok" : "WRONG");
  return 0;
}
// CHECK: as the plain loop: ok
