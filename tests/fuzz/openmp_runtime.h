/* openmp_runtime.h - the checking half of every OpenMP fuzz program (tests/fuzz/openmp.py
 * writes the other half: NX and `target`, whose body holds the parallel loops).
 *
 * The checked scalar is  L(p) = target(x, out, NX, a) + sum_j W(j) * out[j]  over the
 * parameters p = (x[0..NX-1], a); out (NX doubles) starts at fixed values before every call.
 *
 * Checks, each against fourth-order central differences of L at two step sizes (exact powers
 * of two), discarded when the two disagree or the one-sided ones on either side do (a kink
 * or plain ill-conditioning: nothing to say about enzyme-opt), as fuzz_runtime.h does:
 *   reverse  __enzyme_autodiff(target, dup x, dup out (seeded W), const n, active a):
 *            every component of the gradient of L;
 *   forward  __enzyme_fwddiff along two seeded directions (x and a move, out's tangent
 *            starts at 0): the return's tangent plus sum_j W(j) * out's tangent.
 *
 * Output (read by tests/fuzz/run.py's run_binary): one line per failed or discarded check,
 *   FUZZ wrong|discard <label>[<i>] <ad> <fd-small-step> <fd-large-step>
 * and last  FUZZ-RESULT ok|wrong|discard <checked> <discarded>.
 * With FUZZ_PRINT_AD set, every value the program computed is printed exactly,
 *   FUZZ-AD <label>[<i>] <hex float>
 * (the primal's result and memory, each gradient component, each shadow and tangent AD left):
 * openmp.py compares these between the program built with -fopenmp and without it (serial),
 * and between enzyme-opt's default derivative and its --no-reuse one. FUZZ_AD_SABOTAGE=<r>
 * (tests/unit/fuzz only) perturbs the first printed value by r relative: it must be caught.
 */
#ifndef ENZYME_OPENMP_FUZZ_RUNTIME_H
#define ENZYME_OPENMP_FUZZ_RUNTIME_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NP (NX + 1) /* x, then a */
#define OM_H_LARGE 0x1p-10
#define OM_H_SMALL 0x1p-13
#define OM_AGREE 1e-7
#define OM_KINK 1e-5
#define OM_TOL 1e-6

extern int enzyme_dup, enzyme_const;
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);

/* The function under test, defined after this header; AD calls name it directly. */
double target(double *x, double *out, int n, double a);

static double om_base[NP];
static int om_checked, om_discarded, om_wrong;

/* The weight of out[j] in L: a few distinct values, none zero. */
static double om_weight(int j) { return 0.25 + 0.25 * ((j * 7) % 5) - 0.5 * (j % 2); }

/* The base point: x in (-0.8, 0.8), varied by index; a = 0.6. */
static void om_init_base(void) {
  for (int i = 0; i < NX; i++)
    om_base[i] = 0.8 * sin(0.37 * i + 0.5);
  om_base[NX] = 0.6;
}

/* ---- exact printout of every computed value (FUZZ_PRINT_AD) --------------------------- */

static int om_print = -1;
static double om_sabotage;

static void om_value(const char *label, int i, double value) {
  if (om_print < 0) {
    const char *on = getenv("FUZZ_PRINT_AD"), *sabotage = getenv("FUZZ_AD_SABOTAGE");
    om_print = on && *on && strcmp(on, "0") != 0;
    om_sabotage = sabotage ? atof(sabotage) : 0.0;
  }
  if (!om_print)
    return;
  if (om_sabotage != 0.0) { /* the first value only */
    value += om_sabotage * (fabs(value) > 1e-300 ? fabs(value) : 1.0);
    om_sabotage = 0.0;
  }
  printf("FUZZ-AD %s[%d] %a\n", label, i, value);
}

static void om_values(const char *label, const double *v, int count) {
  for (int i = 0; i < count; i++)
    om_value(label, i, v[i]);
}

/* ---- L and its finite differences ------------------------------------------------------- */

/* x and out as target receives them at p; returns a. */
static double om_load(const double *p, double *x, double *out) {
  for (int i = 0; i < NX; i++)
    x[i] = p[i];
  for (int j = 0; j < NX; j++)
    out[j] = 0.1 * (j % 4) - 0.15;
  return p[NX];
}

static double om_L(const double *p) {
  double x[NX], out[NX];
  double a = om_load(p, x, out);
  double r = target(x, out, NX, a);
  for (int j = 0; j < NX; j++)
    r += om_weight(j) * out[j];
  return r;
}

/* The fourth-order central difference of L along v with step h, and the one-sided
 * second-order ones (left, right) that expose a kink within reach. */
static double om_fd(const double *v, double h, double *left, double *right) {
  double f[5], p[NP];
  for (int k = 0; k < 5; k++) {
    for (int i = 0; i < NP; i++)
      p[i] = om_base[i] + (k - 2) * h * v[i];
    f[k] = om_L(p);
  }
  *right = (-3 * f[2] + 4 * f[3] - f[4]) / (2 * h);
  *left = (3 * f[2] - 4 * f[1] + f[0]) / (2 * h);
  return (8 * (f[3] - f[1]) - (f[4] - f[0])) / (12 * h);
}

/* One AD value against the finite difference of L along v (discarded when unreliable). */
static void om_compare(const char *label, int i, double ad, const double *v) {
  double l1, r1, left, right;
  double large = om_fd(v, OM_H_LARGE, &l1, &r1);
  double small = om_fd(v, OM_H_SMALL, &left, &right);
  double scale = 1.0 + fabs(small);
  if (!(fabs(large - small) <= OM_AGREE * scale) || !(fabs(left - right) <= OM_KINK * scale)) {
    om_discarded++;
    printf("FUZZ discard %s[%d] %.17g %.17g %.17g\n", label, i, ad, small, large);
    return;
  }
  om_checked++;
  if (!(fabs(ad - small) <= OM_TOL * scale)) {
    om_wrong++;
    printf("FUZZ wrong %s[%d] %.17g %.17g %.17g\n", label, i, ad, small, large);
  }
}

/* ---- the checks --------------------------------------------------------------------------- */

/* The primal at the base point: its result and the memory it leaves (compared only). */
static void om_primal(void) {
  double x[NX], out[NX];
  double a = om_load(om_base, x, out);
  om_value("primal", 0, target(x, out, NX, a));
  om_values("primal.out", out, NX);
  om_values("primal.x", x, NX);
}

/* Reverse mode: the gradient of L, out's shadow seeded with W. */
static void om_reverse(void) {
  double x[NX], dx[NX] = {0}, out[NX], dout[NX];
  double a = om_load(om_base, x, out);
  for (int j = 0; j < NX; j++)
    dout[j] = om_weight(j);
  double da = __enzyme_autodiff((void *)target, enzyme_dup, x, dx, enzyme_dup, out, dout,
                                enzyme_const, NX, a);
  double grad[NP];
  memcpy(grad, dx, sizeof dx);
  grad[NX] = da;
  om_values("reverse.grad", grad, NP);
  om_values("reverse.dout", dout, NX); /* the adjoint of out's initial values */
  om_values("reverse.out", out, NX);
  om_values("reverse.x", x, NX);
  for (int i = 0; i < NP; i++) {
    double e[NP] = {0};
    e[i] = 1.0;
    om_compare("reverse", i, grad[i], e);
  }
}

/* Forward mode along the seeded direction number k: entries small multiples of 1/8. */
static void om_forward(int k) {
  double v[NP];
  for (int i = 0; i < NP; i++)
    v[i] = ((i * (3 + 2 * k) + 5 * k) % 9 - 4) / 8.0;
  double x[NX], vx[NX], out[NX], vout[NX] = {0};
  double a = om_load(om_base, x, out);
  memcpy(vx, v, sizeof vx);
  double dret = __enzyme_fwddiff((void *)target, enzyme_dup, x, vx, enzyme_dup, out, vout,
                                 enzyme_const, NX, a, v[NX]);
  double tangent = dret;
  for (int j = 0; j < NX; j++)
    tangent += om_weight(j) * vout[j];
  char label[32];
  snprintf(label, sizeof label, "forward%d", k);
  om_value(label, 0, dret);
  snprintf(label, sizeof label, "forward%d.vout", k);
  om_values(label, vout, NX);
  snprintf(label, sizeof label, "forward%d.vx", k);
  om_values(label, vx, NX);
  snprintf(label, sizeof label, "forward%d", k);
  om_compare(label, 0, tangent, v);
}

int main(void) {
  om_init_base();
  om_primal();
  om_reverse();
  om_forward(0);
  om_forward(1);
  const char *verdict = om_wrong ? "wrong" : om_checked ? "ok" : "discard";
  printf("FUZZ-RESULT %s %d %d\n", verdict, om_checked, om_discarded);
  return 0;
}

#endif
