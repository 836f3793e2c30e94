// A checkpointed loop followed by writes of its outputs through another pointer
// (here one that may even alias the loop's state): the step reads nothing but
// its checkpoint region, which the scheme's snapshots restore when it recomputes
// steps, so no write after the loop can change what it reads (Enzyme's
// checkpoint_vector.c). The gradient equals the plain loop's (1e-12 relative),
// including when the outputs overwrite the state itself, at -O0..-O3 (at -O0 the
// step's pointers are read back from the stack slots clang keeps its parameters
// in, which hold nothing but them; a step that reads memory outside its regions
// is refused, errors/checkpoint-later-write.c).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include "../Inputs/checkpoint_schemes.h"
#include <math.h>
#define N 5
void __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

__attribute__((noinline)) static void step(int64_t t, double *u) {
  double next[N];
  for (int k = 0; k < N; k++)
    next[k] = u[k] + 0.05 * sin(u[(k + 1) % N] * u[k]) + 0.01 * t;
  for (int k = 0; k < N; k++)
    u[k] = next[k];
}
static void outputs(const double *u, double *out) {
  double s = 0, p = 1;
  for (int k = 0; k < N; k++) {
    s += u[k] * u[k];
    p *= 1 + 0.1 * u[k];
  }
  out[0] = s;
  out[1] = p;
}
void plain(double *u, double *out, int64_t n) {
  for (int64_t t = 0; t < n; t++)
    step(t, u);
  outputs(u, out);
}
static int64_t segments = 2;
void checkpointed(double *u, double *out, int64_t n) {
  __enzyme_checkpoint_for((void *)step, 0, n, enzyme_scheme, &ckpt_periodic, (void *)&segments,
                          enzyme_checkpoint_region, u, (int64_t)sizeof(double[N]), u);
  outputs(u, out);
}

int main(void) {
  int bad = 0;
  for (int aliased = 0; aliased < 2; aliased++)
    for (int64_t n = 1; n < 8; n += 3) {
      double u[N], du[N] = {0}, v[N], dv[N] = {0}, spare[2], dspare[2] = {1.0, 0.5};
      double ref_seed[2] = {1.0, 0.5};
      for (int k = 0; k < N; k++) u[k] = v[k] = 0.3 + 0.1 * k;
      /* the outputs go to u[0..1] themselves, or elsewhere */
      if (aliased) {
        du[0] = 1.0, du[1] = 0.5;
        __enzyme_autodiff((void *)checkpointed, enzyme_dup, u, du, enzyme_dup, u, du,
                          enzyme_const, n);
        dv[0] = 1.0, dv[1] = 0.5;
        __enzyme_autodiff((void *)plain, enzyme_dup, v, dv, enzyme_dup, v, dv, enzyme_const, n);
      } else {
        __enzyme_autodiff((void *)checkpointed, enzyme_dup, u, du, enzyme_dup, spare, dspare,
                          enzyme_const, n);
        __enzyme_autodiff((void *)plain, enzyme_dup, v, dv, enzyme_dup, spare, ref_seed,
                          enzyme_const, n);
      }
      for (int k = 0; k < N; k++)
        bad += !(fabs(du[k] - dv[k]) <= 1e-12 * fabs(dv[k]) + 1e-14);
    }
  printf("outputs after the loop: %s\n", bad ? "WRONG" : "ok");
  return 0;
}
// CHECK: outputs after the loop: ok
