/* FAILED (crashed) at -O0: program exit -6: enzyme-opt: __enzyme_checkpoint_for: the last step, run again from its snapshot, did not leave the state it left the first time: the regions miss part of the state the steps read and write (mark all of it, with its full size)
 * shrunk; the bug (open): tests/fuzz/found-open/checkpoint-fmuladd-folded-O0.c
 * rerun: .venv/bin/python tests/fuzz/checkpoint.py --source tests/fuzz/found/checkpoint/ckpt-67-O0.c --levels O0 */
/* enzyme-opt checkpointed-loop fuzz program, seed 67 (tests/fuzz/checkpoint.py) */
#define NU 2
#define NW 2
#define NK 5
#define HAS_G 0
#define NG 1
#define HAS_COUNTER 1
#define COUNTER_T long
#define CF_NS {1, 7}
#include "checkpoint_runtime.h"

long steps_taken;  /* written by every step */

static void step(int64_t t, double *u, double *w, const double *k, double p, double q) {
  for (int i3 = 0; i3 < 2; i3++) {
    w[i3] += 0.2 * atan(pow(1.1 + sin(0.75) * sin(0.75), 0.5 + 0.1 * fmax((0.1 * (double)(steps_taken % 3)), q)));
  }
}

static double objective(const double *u, const double *w) {
  double r = 0;
  for (int i = 0; i < NU; i++) {
    r += 0.5 * u[i] * u[i] + sin(u[i] + 0.1 * i);
  }
  for (int i = 0; i < NW; i++) {
    r += 0.2 * cos(w[i]);
  }
  return r;
}

__attribute__((noinline)) double checkpointed(double *u, double *w, const double *k,
                                              double p, int64_t n, const CkptScheme *s, void *data) {
  __enzyme_checkpoint_for((void *)step, 5, n, enzyme_scheme, s, data,
                          enzyme_checkpoint_region, u, sizeof(double) * (NU + NW),
                          enzyme_checkpoint_region, k, sizeof(double) * NK,
                          u, w, k, p, p * p);
  return objective(u, w);
}

__attribute__((noinline)) double plain(double *u, double *w, const double *k, double p, int64_t n) {
  for (int64_t t = 5; t < 5 + n; t++)
    step(t, u, w, k, p, p * p);
  return objective(u, w);
}

int main(void) { return cf_check_all(); }
