/* OPEN (found by the checkpointed-loop fuzzer, tests/fuzz/checkpoint.py seed 67 at O0): a
 * correct checkpointed loop stops with "the last step, run again from its snapshot, did not
 * leave the state it left the first time: the regions miss part of the state …" although
 * the region holds all of it.
 *
 *   clang-22 -O0 -I tests/lit/Inputs -S -emit-llvm checkpoint-fmuladd-folded-O0.c -o m.ll
 *   .venv/bin/python -m enzyme_opt m.ll -S -o m.ad.ll && clang-22 m.ad.ll -lm -o m && ./m
 *   (lli-22 m.ad.ll aborts the same way; at -O1 it prints dw 0.438791)
 *
 * Cause: at -O0 clang writes `1.1 + sin(0.75) * sin(0.75)` as
 * llvm.fmuladd(sin(0.75), sin(0.75), 1.1), which the program computes at run time unfused
 * (x86-64 without FMA: two roundings, ...69cc). enzyme-opt's pre-AD simplification
 * (llvm.py _simplify_functions: instcombine) folds it in the clone that augmented_step is
 * made from, fused (one rounding, ...69cd). The forward sweep runs the original @step
 * (step.checkpoint.step calls `self.step`), the last-step recheck runs augmented_step: their
 * results differ in the last bit and the bitwise checksum (checkpoint_driver.py) fails. Both
 * roundings are allowed for fmuladd, so the check should compare like with like: run the
 * primal steps through the simplified clone (ctx.preprocessed(step)) too, or make the
 * recheck tolerant of what may round differently. (The same folding makes the primal
 * memory an -O0 gradient leaves differ from the primal's in the last bit, plain loops too.) */
#include "checkpoint_schemes.h"
#include <math.h>
double __enzyme_autodiff(void *, ...);
int enzyme_const;
static void step(int64_t t, double *w) { w[0] = 0.5 * sin(w[0]) + (1.1 + sin(0.75) * sin(0.75)); }
double f(double *w, int64_t n, void *data) {
  __enzyme_checkpoint_for((void *)step, 0, n, enzyme_scheme, &ckpt_periodic, data,
                          enzyme_checkpoint_region, w, sizeof(double), w);
  return w[0];
}
int main(void) {
  double w[1] = {0.5}, dw[1] = {0};
  int64_t one = 1;
  __enzyme_autodiff((void *)f, w, dw, (int64_t)1, enzyme_const, &one);
  printf("dw %g\n", dw[0]);
  return 0;
}
