// Forward mode over a checkpointed gradient (Hessian-vector products): __enzyme_fwddiff
// of a function whose __enzyme_autodiff runs __enzyme_checkpoint_for (three schemes, 0 to
// 7 steps) or __enzyme_checkpoint_while. The product must equal forward over reverse of
// the plain loop (1e-10 relative) and central differences of the plain loop's gradient;
// the state after it, and its tangent, must be the plain loop's; the schemes must have
// recomputed steps (snapshots hold the state and its tangent). The step takes an active
// value by value (its adjoint's tangent is checked too) and writes a global counter.
// At width 2 (enzyme_width), each lane must be the width-1 product of its direction.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t0.out.ll
// RUN: lli %t0.out.ll | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt %t2.ll --no-reuse -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -O2 -S -o - | lli | FileCheck %s
// The counter written through an enzyme_const pointer the step is given (run-time activity):
// RUN: clang -O0 -DCOUNT_THROUGH_POINTER -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -DCOUNT_THROUGH_POINTER -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
#include "../Inputs/checkpoint_schemes.h"
#include <math.h>
#define N 5
double __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);
extern int enzyme_const, enzyme_dup, enzyme_dupv, enzyme_width;
long turns;  // written by every step: snapshots hold it

#ifdef COUNT_THROUGH_POINTER
// The for loop's steps count through an enzyme_const pointer they are given (a region of
// its own): the loop's environment keeps a pointer without a shadow through which the step
// writes, so the module is differentiated with run-time activity (ad/runtime_activity.py).
#define COUNTER_PARAM , long *count
#define COUNTER_ARG , count
#define COUNTER_REGION enzyme_checkpoint_region, count, sizeof(long),
#define COUNTER_CONST , enzyme_const, &turns
#define COUNT() (*count)++
#define WHILE_COUNTER , &turns
#else
#define COUNTER_PARAM
#define COUNTER_ARG
#define COUNTER_REGION
#define COUNTER_CONST
#define COUNT() turns++
#define WHILE_COUNTER
#endif

static void step(int64_t t, double *u, double rate COUNTER_PARAM) {
  double next[N];
  for (int i = 0; i < N; i++)
    next[i] = u[i] + rate * (cos(u[(i + 2) % N]) * u[i] - 0.2 * u[(i + 1) % N] * u[i]) +
              0.02 * t;
  for (int i = 0; i < N; i++) u[i] = next[i];
  COUNT();
}

static int wstep(int64_t t, double *u, double rate) {
  step(t, u, rate WHILE_COUNTER);
  return t < 4 && u[0] < 2.0;
}

static double cost(const double *u, double rate) {
  double s = 0;
  for (int i = 0; i < N; i++) s += u[i] * u[i] * u[i] * (i + 1) + rate * u[i];
  return s;
}

static double checkpointed(double *u, int64_t T, double rate, const CkptScheme *s,
                           void *data COUNTER_PARAM) {
  __enzyme_checkpoint_for((void *)step, 0, T, enzyme_scheme, s, data,
                          enzyme_checkpoint_region, u, sizeof(double) * N, COUNTER_REGION u,
                          rate COUNTER_ARG);
  return cost(u, rate);
}

static double plain(double *u, int64_t T, double rate COUNTER_PARAM) {
  for (int64_t t = 0; t < T; t++) step(t, u, rate COUNTER_ARG);
  return cost(u, rate);
}

static double wcheckpointed(double *u, double rate) {
  __enzyme_checkpoint_while((void *)wstep, enzyme_scheme, &ckpt_online, (void *)0,
                            enzyme_checkpoint_region, u, sizeof(double) * N, u, rate);
  return cost(u, rate);
}

static double wplain(double *u, double rate) {
  int64_t t = 0;
  while (wstep(t++, u, rate)) {}
  return cost(u, rate);
}

// The gradient with respect to u (in du) and rate (in *drate); kind 0 the plain loop,
// 1 checkpointed, 2 the plain while loop, 3 the checkpointed one.
__attribute__((noinline)) static void grad(double *u, double *du, double *rate, double *drate,
                                           int64_t T, int kind, const CkptScheme *s,
                                           void *data) {
  if (kind == 0)
    *drate += __enzyme_autodiff((void *)plain, enzyme_dup, u, du, enzyme_const, T,
                                *rate COUNTER_CONST);
  else if (kind == 1)
    *drate += __enzyme_autodiff((void *)checkpointed, enzyme_dup, u, du, enzyme_const, T, *rate,
                                enzyme_const, s, enzyme_const, data COUNTER_CONST);
  else if (kind == 2)
    *drate += __enzyme_autodiff((void *)wplain, enzyme_dup, u, du, *rate);
  else
    *drate += __enzyme_autodiff((void *)wcheckpointed, enzyme_dup, u, du, *rate);
}

static const double u0[N] = {0.4, 0.7, 0.2, 0.9, 0.5};
static const double vu[N] = {1, -0.5, 0.25, 2, -1}, vrate = 0.7;

typedef struct { double g[N + 1], hv[N + 1], u[N], du[N]; long turns; } Product;

static Product hvp(int64_t T, int kind, const CkptScheme *s, void *data) {
  Product r;
  double u[N], du[N], rate = 0.3, drate = vrate;
  memset(&r, 0, sizeof r);
  memcpy(u, u0, sizeof u);
  memcpy(du, vu, sizeof du);
  turns = 0;
  __enzyme_fwddiff((void *)grad, enzyme_dup, u, du, enzyme_dup, r.g, r.hv, enzyme_dup, &rate,
                   &drate, enzyme_dup, &r.g[N], &r.hv[N], enzyme_const, T, enzyme_const, kind,
                   enzyme_const, s, enzyme_const, data);
  memcpy(r.u, u, sizeof u);
  memcpy(r.du, du, sizeof du);
  r.turns = turns;
  return r;
}

// Central differences of the plain gradient along (vu, vrate).
static void differences(int64_t T, int kind, double *out) {
  double g[2][N + 1], h = 1e-6;
  for (int side = 0; side < 2; side++) {
    double u[N], sign = side ? -1 : 1, rate = 0.3 + sign * h * vrate;
    for (int i = 0; i < N; i++) u[i] = u0[i] + sign * h * vu[i];
    memset(g[side], 0, sizeof g[side]);
    grad(u, g[side], &rate, &g[side][N], T, kind, 0, 0);
  }
  for (int i = 0; i <= N; i++) out[i] = (g[0][i] - g[1][i]) / (2 * h);
}

static double relative(double a, double b) { return fabs(a - b) / (fabs(b) + 1e-300); }

static double worst_ref, worst_fd, worst_state;
static void compare(const Product *r, const Product *ref, const double *fd) {
  for (int i = 0; i <= N; i++) {
    worst_ref = fmax(worst_ref, fmax(relative(r->hv[i], ref->hv[i]), relative(r->g[i], ref->g[i])));
    worst_fd = fmax(worst_fd, fabs(r->hv[i] - fd[i]) / (fabs(fd[i]) + 1e-3));
  }
  if (memcmp(r->u, ref->u, sizeof r->u) || r->turns != ref->turns) worst_state = 1;
  for (int i = 0; i < N; i++) worst_state = fmax(worst_state, relative(r->du[i], ref->du[i]));
}

int main(void) {
  int64_t one = 1, three = 3;
  const CkptScheme *schemes[3] = {&ckpt_periodic, &ckpt_periodic, &ckpt_bisect};
  void *data[3] = {&one, &three, 0};
  long recomputed = 0;
  for (int64_t T = 0; T <= 7; T++) {
    Product ref = hvp(T, 0, 0, 0);
    double fd[N + 1];
    differences(T, 0, fd);
    for (int k = 0; k < 3; k++) {
      Product r = hvp(T, 1, schemes[k], data[k]);
      recomputed += ckpt_stats.forward_steps;
      compare(&r, &ref, fd);
    }
  }
  printf("for: as forward over reverse of the plain loop: %s\n", worst_ref < 1e-10 ? "ok" : "WRONG");
  printf("for: against differences of its gradient: %s\n", worst_fd < 1e-5 ? "ok" : "WRONG");
  printf("for: state and tangent after: %s\n", worst_state < 1e-12 ? "ok" : "WRONG");
  printf("for: steps recomputed: %s\n", recomputed > 0 ? "ok" : "WRONG");

  worst_ref = worst_fd = worst_state = 0;
  Product ref = hvp(0, 2, 0, 0), r = hvp(0, 3, 0, 0);
  double fd[N + 1];
  differences(0, 2, fd);
  compare(&r, &ref, fd);
  printf("while: %ld steps, as the plain loop: %s\n", ref.turns,
         worst_ref < 1e-10 && worst_fd < 1e-5 && worst_state < 1e-12 ? "ok" : "WRONG");

  // Width 2: directions (vu, vrate) and (-vu reversed, 1). The tangents of u are
  // overwritten (with the tangent of the state after the loop): the directions are kept.
  double u[N], ud[2][N], direction[2][N], rate = 0.3, rated[2] = {vrate, 1}, g[N + 1], gu[2][N],
      grate[2];
  memcpy(u, u0, sizeof u);
  for (int i = 0; i < N; i++) { direction[0][i] = vu[i]; direction[1][i] = -vu[N - 1 - i]; }
  memcpy(ud, direction, sizeof ud);
  memset(g, 0, sizeof g); memset(gu, 0, sizeof gu); memset(grate, 0, sizeof grate);
  __enzyme_fwddiff((void *)grad, enzyme_width, 2, enzyme_dupv, sizeof(ud[0]), u, ud,
                   enzyme_dupv, sizeof(gu[0]), g, gu, enzyme_dupv, sizeof(double), &rate, rated,
                   enzyme_dupv, sizeof(double), &g[N], grate, enzyme_const, (int64_t)6,
                   enzyme_const, 1, enzyme_const, &ckpt_bisect, enzyme_const, (void *)0);
  double worst_lane = 0;
  for (int lane = 0; lane < 2; lane++) {  // the same product at width 1, plain loop
    double v[N], w[N], gv[N], hv[N], rv = 0.3, rd = rated[lane], gr = 0, hr = 0;
    memcpy(v, u0, sizeof v);
    memcpy(w, direction[lane], sizeof w);
    memset(gv, 0, sizeof gv); memset(hv, 0, sizeof hv);
    __enzyme_fwddiff((void *)grad, enzyme_dup, v, w, enzyme_dup, gv, hv, enzyme_dup, &rv, &rd,
                     enzyme_dup, &gr, &hr, enzyme_const, (int64_t)6, enzyme_const, 0,
                     enzyme_const, (void *)0, enzyme_const, (void *)0);
    for (int i = 0; i < N; i++) worst_lane = fmax(worst_lane, relative(gu[lane][i], hv[i]));
    worst_lane = fmax(worst_lane, relative(grate[lane], hr));
  }
  printf("width 2: each lane as its product: %s\n", worst_lane < 1e-10 ? "ok" : "WRONG");
  return 0;
}
// CHECK: for: as forward over reverse of the plain loop: ok
// CHECK-NEXT: for: against differences of its gradient: ok
// CHECK-NEXT: for: state and tangent after: ok
// CHECK-NEXT: for: steps recomputed: ok
// CHECK-NEXT: while: {{[1-5]}} steps, as the plain loop: ok
// CHECK-NEXT: width 2: each lane as its product: ok
// The tangent runs the same driver on the regions (u and the counter) followed by their
// tangents (one per lane), and on the forward derivatives of the per-step functions:
// IR-DAG: call ptr @enzyme_opt.checkpoint.forward(ptr %{{.*}}, ptr %{{.*}}, i64 %{{.*}}, ptr %regions.and.tangents, i64 4, i64 %{{.*}}, ptr %env.and.tangent, ptr @step.checkpoint.step.tangent,
// IR-DAG: call void @enzyme_opt.checkpoint.reverse({{.*}}, ptr %regions.and.tangents, i64 4, i64 %{{.*}}, ptr %env.and.tangent, ptr @step.checkpoint.step.tangent, ptr @step.checkpoint.gradient.tangent)
// IR-DAG: call void @enzyme_opt.checkpoint.reverse({{.*}}, ptr %regions.and.tangents{{.*}}, i64 6, i64 %{{.*}}, ptr %env.and.tangent{{.*}}, ptr @step.checkpoint.step.tangent2, ptr @step.checkpoint.gradient.tangent2)
