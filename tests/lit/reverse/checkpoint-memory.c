// The memory bound of a checkpointed time loop: a 1-D reaction-diffusion
// stencil updated in place (n = 65,536 cells, T = 256 steps). Taping every
// step would keep T states (T·n·8 = 128 MiB: the plain loop's gradient below
// shows it); through __enzyme_checkpoint_for with recursive bisection the
// gradient's extra peak memory must stay within what docs/performance.md
// states: the scheme's snapshots in use at once plus the driver's two (slots
// -2 and -1) and the copy its check of the last step makes, each one state,
// plus one step's tape, whose buffer grows by doubling (at most 4 times what
// one step tapes, here one double a cell, plus a 2 MiB page), whatever T is;
// and the gradient must equal the plain loop's.
// RUN: clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -O2 -S -o %t.out.ll
// RUN: clang -O2 %t.out.ll -lm -o %t.bin
// RUN: %t.bin | FileCheck %s
#include "../Inputs/checkpoint_schemes.h"
#include <math.h>
#define N 65536
#define T 256
double __enzyme_autodiff(void *, ...);
int enzyme_const;

static void step(int64_t t, double *u, long n, double c, double r) {
  double previous = u[0];
  for (long i = 1; i < n - 1; i++) {
    double here = u[i];
    u[i] = here + c * (previous - 2.0 * here + u[i + 1]) + r * here * (1.0 - here);
    previous = here;
  }
}

static double mass(const double *u, long n) {
  double s = 0;
  for (long i = 0; i < n; i++) s += u[i] * u[i];
  return s;
}

double checkpointed(double *u, long n, int64_t steps) {
  __enzyme_checkpoint_for((void *)step, 0, steps, enzyme_scheme, &ckpt_bisect, (void *)0,
                          enzyme_checkpoint_region, u, n * sizeof(double), u, n, 0.25, 0.1);
  return mass(u, n);
}

double plain(double *u, long n, int64_t steps) {
  for (int64_t t = 0; t < steps; t++) step(t, u, n, 0.25, 0.1);
  return mass(u, n);
}

static long peak_kib(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long kib = -1;
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "VmHWM: %ld kB", &kib) == 1) break;
  fclose(f);
  return kib;
}

static void start(double *u, double *du) {
  for (long i = 0; i < N; i++) { u[i] = 0.5 + 0.4 * sin(0.001 * i); du[i] = 0; }
}

int main(void) {
  double *u = malloc(N * sizeof(double)), *du = malloc(N * sizeof(double));
  double *g = malloc(N * sizeof(double));
  start(u, du);
  long before = peak_kib();
  __enzyme_autodiff((void *)checkpointed, u, du, (long)N, (int64_t)T);
  long extra = (peak_kib() - before) * 1024L;
  double state = N * sizeof(double);
  double bound = (ckpt_stats.max_slots + 3) * state + 4 * state + 2 * 1048576.0;
  printf("slots at once: %lld (bisection of %d steps: at most %d)\n",
         (long long)ckpt_stats.max_slots, T, 1 + (int)ceil(log2(T)));
  printf("peak within the bound: %s\n", extra <= bound ? "ok" : "WRONG");
  printf("extra %.1f MiB, bound %.1f MiB\n", extra / 1048576.0, bound / 1048576.0);
  memcpy(g, du, N * sizeof(double));
  start(u, du);
  before = peak_kib();
  __enzyme_autodiff((void *)plain, u, du, (long)N, (int64_t)T);
  long plain_extra = (peak_kib() - before) * 1024L;
  printf("plain loop tapes every state: %s\n", plain_extra >= (double)T * state * 0.9 ? "ok" : "WRONG");
  double worst = 0;
  for (long i = 0; i < N; i++) worst = fmax(worst, fabs(du[i] - g[i]) / (1 + fabs(g[i])));
  printf("gradient as the plain loop's: %s\n", worst < 1e-12 ? "ok" : "WRONG");
  return 0;
}
// CHECK: slots at once: {{[1-9]}} (bisection of 256 steps: at most 9)
// CHECK-NEXT: peak within the bound: ok
// CHECK: plain loop tapes every state: ok
// CHECK-NEXT: gradient as the plain loop's: ok
