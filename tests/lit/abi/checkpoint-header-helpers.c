// What Enzyme's <enzyme/checkpoint.h> puts in every module that includes it passes
// through (it was refused: "the function @__enzyme_checkpoint_builtin is named for
// Enzyme but not supported"): the weak, used scheme table __enzyme_checkpoint_builtin,
// the schedule API __enzyme_ckpt_schedule_* (declared, and defined as weak functions
// with ENZYME_CHECKPOINT_RUNTIME), and the hint __enzyme_ptr_size_hint(p, bytes, 0),
// whose calls are erased as Enzyme's pass erases them (it has no definition: the
// output must link). Runtime helpers stay as written; the derivatives are checked
// against the analytic gradient of sum(u[k]^2 * x) at -O0..-O3, both modes.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t0.out.ll
// RUN: clang %t0.out.ll -lm -o %t0 && %t0 | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -DRUNTIME -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: FileCheck %s --check-prefixes=IR,IR-RUNTIME < %t2.out.ll
// RUN: clang %t2.out.ll -lm -o %t2 && %t2 | FileCheck %s
// RUN: clang -O3 -DRUNTIME -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// IR-NOT: __enzyme_ptr_size_hint
// IR: define weak {{.*}}ptr @__enzyme_checkpoint_builtin(
// IR-RUNTIME: define weak {{.*}}@__enzyme_ckpt_schedule_begin(
// CHECK: reverse ok
// CHECK: forward ok
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { int version; void *(*init)(void *, int64_t, int64_t); } Scheme;
static void *no_init(void *data, int64_t n, int64_t s) { (void)n; (void)s; return data; }
static const Scheme periodic = {1, no_init}, revolve = {2, no_init};
__attribute__((weak, used)) const Scheme *__enzyme_checkpoint_builtin(int64_t mode) {
  return mode == 2 ? &revolve : &periodic;
}
void *__enzyme_ckpt_schedule_begin(int64_t mode, int64_t budget, int64_t nsteps);
int32_t __enzyme_ckpt_schedule_next(void *h);
void __enzyme_ckpt_schedule_end(void *h);
#ifdef RUNTIME
__attribute__((weak)) void *__enzyme_ckpt_schedule_begin(int64_t mode, int64_t budget,
                                                         int64_t nsteps) {
  int64_t *s = (int64_t *)calloc(3, sizeof(int64_t));
  s[0] = mode, s[1] = budget, s[2] = nsteps;
  return s;
}
__attribute__((weak)) int32_t __enzyme_ckpt_schedule_next(void *h) { return (int32_t)((int64_t *)h)[0]; }
__attribute__((weak)) void __enzyme_ckpt_schedule_end(void *h) { free(h); }
#endif
void __enzyme_ptr_size_hint(void *, size_t, size_t);
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;

#define N 4
__attribute__((noinline)) void scale(double *u, const double *x, double *out) {
  __enzyme_ptr_size_hint(u, N * sizeof(double), 0);
  double s = 0;
  for (int k = 0; k < N; k++)
    s += u[k] * u[k] * *x;
  *out = s;
}

int main(void) {
  double u[N] = {0.5, -1.25, 2.0, 0.75}, du[N] = {0}, out = 0, dout = 1, x = 1.5, dx = 0;
  __enzyme_autodiff((void *)scale, enzyme_dup, u, du, enzyme_dup, &x, &dx, enzyme_dup, &out, &dout);
  int ok = 1;
  double sum = 0;
  for (int k = 0; k < N; k++) {
    ok &= du[k] == 2 * u[k] * x;
    sum += u[k] * u[k];
  }
  ok &= dx == sum;
  printf("reverse %s\n", ok ? "ok" : "WRONG");
  double tu[N] = {1, 0, 0, 0}, tx = 0, tout = 0;
  __enzyme_fwddiff((void *)scale, enzyme_dup, u, tu, enzyme_dup, &x, &tx, enzyme_dup, &out, &tout);
  printf("forward %s\n", tout == 2 * u[0] * x ? "ok" : "WRONG");
  const Scheme *s = __enzyme_checkpoint_builtin(2);
  return s->version == 2 ? 0 : 1;
}
