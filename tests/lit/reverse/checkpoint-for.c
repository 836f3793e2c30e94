// __enzyme_checkpoint_for: a nonlinear time loop (a reaction-diffusion
// stepper on a ring, ping-pong through a scratch buffer, a step counter in a
// global, a by-value time step) differentiated in reverse mode through two
// schemes (periodic with 1 and 3 segments, recursive bisection) must give the
// gradient of the plain loop, for 0 to 9 steps, and agree with central
// differences; forward mode runs the plain loop. The schemes' action counts
// show the recomputation happened (bisection: at most log2(T) + 1 slots).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t0.out.ll
// RUN: lli %t0.out.ll | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -O2 -S -o - | lli | FileCheck %s
// The regions as the later <enzyme/checkpoint.h> lays them out (two more pointers):
// RUN: clang -O0 -DCKPT_REGION_CALLBACK_FIELDS -S -emit-llvm %s -o %t0c.ll
// RUN: enzyme-opt %t0c.ll -S -o %t0c.out.ll
// RUN: FileCheck %s --check-prefix=IR40 < %t0c.out.ll
// RUN: lli %t0c.out.ll | FileCheck %s
// RUN: clang -O2 -DCKPT_REGION_CALLBACK_FIELDS -S -emit-llvm %s -o %t2c.ll
// RUN: enzyme-opt %t2c.ll -S -o - | lli | FileCheck %s
#include "../Inputs/checkpoint_schemes.h"
#include <math.h>
#define N 12
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);
int enzyme_const, enzyme_dup;
long steps_taken;  // written by every step: snapshots hold it

static void step(int64_t t, double *u, double *w, double dt) {
  for (int i = 0; i < N; i++) {
    double l = u[(i + N - 1) % N], r = u[(i + 1) % N];
    w[i] = u[i] + dt * (0.3 * (l - 2 * u[i] + r) + sin(u[i]) * (1 - u[i]) + 0.01 * t);
  }
  memcpy(u, w, sizeof(double) * N);
  steps_taken++;
}

static double energy(const double *u) {
  double q = 0;
  for (int i = 0; i < N; i++) q += u[i] * u[i] * (1 + 0.1 * i);
  return q;
}

__attribute__((noinline)) double checkpointed(double *u, double *w, int64_t T, double dt,
                                              const CkptScheme *s, void *data) {
  __enzyme_checkpoint_for((void *)step, 0, T, enzyme_scheme, s, data,
                          enzyme_checkpoint_region, u, sizeof(double) * N,
                          enzyme_checkpoint_region, w, sizeof(double) * N, u, w, dt);
  return energy(u);
}

__attribute__((noinline)) double plain(double *u, double *w, int64_t T, double dt) {
  for (int64_t t = 0; t < T; t++) step(t, u, w, dt);
  return energy(u);
}

static void start(double *u) {
  for (int i = 0; i < N; i++) u[i] = 0.1 + 0.05 * i;
}

int main(void) {
  double u[N], du[N], w[N], dw[N], g[N], u_end[N];
  int64_t one = 1, three = 3;
  const CkptScheme *schemes[3] = {&ckpt_periodic, &ckpt_periodic, &ckpt_bisect};
  void *data[3] = {&one, &three, 0};
  double worst_plain = 0, worst_fd = 0, worst_primal = 0;
  long recomputed = 0, slots_ok = 1;
  for (int k = 0; k < 3; k++)
    for (int64_t T = 0; T <= 9; T++) {
      start(u); memset(du, 0, sizeof du); memset(dw, 0, sizeof dw);
      double ddt0 = __enzyme_autodiff((void *)plain, u, du, w, dw, T, 0.1);
      memcpy(g, du, sizeof g);
      memcpy(u_end, u, sizeof u);
      start(u); memset(du, 0, sizeof du); memset(dw, 0, sizeof dw);
      steps_taken = 0;
      double ddt1 = __enzyme_autodiff((void *)checkpointed, u, du, w, dw, T, 0.1,
                                      enzyme_const, schemes[k], enzyme_const, data[k]);
      double err = fabs(ddt1 - ddt0) / (1 + fabs(ddt0));
      for (int i = 0; i < N; i++) err = fmax(err, fabs(du[i] - g[i]) / (1 + fabs(g[i])));
      worst_plain = fmax(worst_plain, err);
      // The program's memory after the gradient is what the primal leaves.
      for (int i = 0; i < N; i++) worst_primal = fmax(worst_primal, fabs(u[i] - u_end[i]));
      if (steps_taken != T) worst_primal = 1;
      recomputed += ckpt_stats.forward_steps;
      if (k == 2 && ckpt_stats.max_slots > 1 + (T > 1 ? (int)ceil(log2((double)T)) : 0))
        slots_ok = 0;
      // Central differences of the checkpointed primal.
      for (int i = 0; i < N; i += 5) {
        double h = 1e-6, up, down;
        start(u); u[i] += h; up = checkpointed(u, w, T, 0.1, schemes[k], data[k]);
        start(u); u[i] -= h; down = checkpointed(u, w, T, 0.1, schemes[k], data[k]);
        worst_fd = fmax(worst_fd, fabs((up - down) / (2 * h) - du[i]) / (1 + fabs(du[i])));
      }
    }
  printf("gradient as the plain loop's: %s\n", worst_plain < 1e-12 ? "ok" : "WRONG");
  printf("gradient against differences: %s\n", worst_fd < 1e-6 ? "ok" : "WRONG");
  printf("primal memory kept: %s\n", worst_primal == 0 ? "ok" : "WRONG");
  printf("steps recomputed: %s\n", recomputed > 0 ? "ok" : "WRONG");
  printf("bisection slots: %s\n", slots_ok ? "ok" : "WRONG");
  // Forward mode: the tangent of the plain loop.
  start(u); memset(du, 0, sizeof du); memset(dw, 0, sizeof dw); du[3] = 1;
  double tangent = __enzyme_fwddiff((void *)checkpointed, u, du, w, dw, (int64_t)7, 0.1, 0.0,
                                    enzyme_const, &ckpt_bisect, enzyme_const, (void *)0);
  double h = 1e-6, up, down;
  start(u); u[3] += h; up = plain(u, w, 7, 0.1);
  start(u); u[3] -= h; down = plain(u, w, 7, 0.1);
  printf("forward mode: %s\n", fabs(tangent - (up - down) / (2 * h)) < 1e-6 * (1 + fabs(tangent)) ? "ok" : "WRONG");
  printf("%g\n", worst_fd);
  return 0;
}
// CHECK: gradient as the plain loop's: ok
// CHECK-NEXT: gradient against differences: ok
// CHECK-NEXT: primal memory kept: ok
// CHECK-NEXT: steps recomputed: ok
// CHECK-NEXT: bisection slots: ok
// CHECK-NEXT: forward mode: ok
// IR40-LABEL: define internal void @augmented_step.checkpointed(
// IR40: %regions = alloca [3 x { ptr, i64, i32, i32, ptr, ptr }]
// IR-LABEL: define internal void @augmented_step.checkpointed(
// IR: call ptr @enzyme_opt.checkpoint.forward(ptr %scheme, ptr %data, i64 %steps, ptr %regions, i64 3,
// IR-LABEL: define internal double @reverse_step.checkpointed(
// IR: call void @enzyme_opt.checkpoint.reverse(ptr %scheme, ptr %scheme.state, i64 %length, ptr %regions, i64 3, i64 %snapshot.bytes{{.*}}, ptr %env, ptr @step.checkpoint.step, ptr @step.checkpoint.gradient)
// IR-LABEL: define internal i1 @step.checkpoint.gradient(
// IR: call void @augmented_step(
// IR-NEXT: call double @reverse_step(
