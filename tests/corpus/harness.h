/* harness.h - reporting and finite-difference helpers for the enzyme-opt
 * numeric corpus (the programs in tests/corpus/forward and .../reverse).
 *
 * Conventions
 *   - A program reports every checked scalar as one stdout line:
 *         CHECK <label> <ad-value> <reference-value> <tolerance>
 *     (numbers printed with %.17g; labels contain no white space).
 *     The Python runner (tests/unit/ad/test_corpus.py) accepts a check when
 *         |ad - ref| <= tol * max(1, |ref|)
 *     and ignores every other output line (programs may printf freely).
 *   - References come from central finite differences of a small wrapper
 *         static double eval(const double *p)
 *     that reads all active inputs from the parameter array p, or from
 *     analytic derivatives written in the test.
 *   - Double FD: h = 1e-6 * max(1, |p_i|), tolerance TOL_D (1e-6).
 *     Float FD:  h = 1e-2 * max(1, |p_i|), evaluated in float, TOL_F (1e-3).
 *   - The helpers below are only called from main(), never from code that
 *     is differentiated.
 *
 * Compile with -DHARNESS_FD_SELFTEST to make every FD helper also print a
 * line "FDSELF <fd> <high-order-fd> <kind>" (kind 0 = double, 1 = float)
 * comparing the FD value with a 4th-order stencil at a larger step: this is
 * how the FD references of the corpus were validated (ignored by the runner).
 */
#ifndef ENZYME_CORPUS_HARNESS_H
#define ENZYME_CORPUS_HARNESS_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOL_D 1e-6
#define TOL_F 1e-3

#define HARNESS_UNUSED __attribute__((unused))

/* ---- reporting ---------------------------------------------------------- */

static HARNESS_UNUSED void check(const char *label, double ad, double ref,
                                 double tol) {
  printf("CHECK %s %.17g %.17g %.17g\n", label, ad, ref, tol);
}

/* check with an indexed label: "<label>[<i>]" */
static HARNESS_UNUSED void checki(const char *label, int i, double ad,
                                  double ref, double tol) {
  char buf[200];
  snprintf(buf, sizeof buf, "%s[%d]", label, i);
  check(buf, ad, ref, tol);
}

/* check with a doubly indexed label: "<label>[<i>][<j>]" */
static HARNESS_UNUSED void checkij(const char *label, int i, int j, double ad,
                                   double ref, double tol) {
  char buf[200];
  snprintf(buf, sizeof buf, "%s[%d][%d]", label, i, j);
  check(buf, ad, ref, tol);
}

/* ---- double finite differences ---------------------------------------- */

typedef double (*fd_fn)(const double *p);
typedef void (*fd_vfn)(const double *p, double *out);

static HARNESS_UNUSED double fd_step(double v) {
  return 1e-6 * fmax(1.0, fabs(v));
}

/* g(p + t*e_i) for a scalar function, p copied (g may not modify p). */
static HARNESS_UNUSED double harness_eval_at(fd_fn g, const double *p, int n,
                                             int i, double t, double *buf) {
  memcpy(buf, p, sizeof(double) * (size_t)n);
  buf[i] = p[i] + t;
  return g(buf);
}

/* central difference of g w.r.t. p[i] with step h */
static HARNESS_UNUSED double fd_h(fd_fn g, const double *p, int n, int i,
                                  double h) {
  double *q = (double *)malloc(sizeof(double) * (size_t)n);
  double xp = p[i] + h, xm = p[i] - h;
  double fp = harness_eval_at(g, p, n, i, h, q);
  double fm = harness_eval_at(g, p, n, i, -h, q);
  double r = (fp - fm) / (xp - xm);
#ifdef HARNESS_FD_SELFTEST
  {
    double H = 1e-3 * fmax(1.0, fabs(p[i]));
    double f1 = harness_eval_at(g, p, n, i, H, q);
    double f2 = harness_eval_at(g, p, n, i, -H, q);
    double f3 = harness_eval_at(g, p, n, i, 2 * H, q);
    double f4 = harness_eval_at(g, p, n, i, -2 * H, q);
    double r4 = (8 * (f1 - f2) - (f3 - f4)) / (12 * H);
    printf("FDSELF %.17g %.17g 0\n", r, r4);
  }
#endif
  free(q);
  return r;
}

/* d g / d p[i] by central differences, h = 1e-6 * max(1, |p[i]|) */
static HARNESS_UNUSED double fd(fd_fn g, const double *p, int n, int i) {
  return fd_h(g, p, n, i, fd_step(p[i]));
}

static HARNESS_UNUSED double harness_norminf(const double *v, int n) {
  double m = 0;
  for (int i = 0; i < n; i++)
    m = fmax(m, fabs(v[i]));
  return m;
}

/* g(p + t*v) */
static HARNESS_UNUSED double harness_eval_dir(fd_fn g, const double *p,
                                              const double *v, int n, double t,
                                              double *buf) {
  for (int i = 0; i < n; i++)
    buf[i] = p[i] + t * v[i];
  return g(buf);
}

/* directional derivative sum_i v_i dg/dp_i by central differences */
static HARNESS_UNUSED double fd_dir(fd_fn g, const double *p, const double *v,
                                    int n) {
  double *q = (double *)malloc(sizeof(double) * (size_t)n);
  double vn = harness_norminf(v, n);
  if (vn == 0) {
    free(q);
    return 0;
  }
  double h = 1e-6 * fmax(1.0, harness_norminf(p, n)) / vn;
  double r = (harness_eval_dir(g, p, v, n, h, q) -
              harness_eval_dir(g, p, v, n, -h, q)) /
             (2 * h);
#ifdef HARNESS_FD_SELFTEST
  {
    double H = 1e3 * h;
    double f1 = harness_eval_dir(g, p, v, n, H, q);
    double f2 = harness_eval_dir(g, p, v, n, -H, q);
    double f3 = harness_eval_dir(g, p, v, n, 2 * H, q);
    double f4 = harness_eval_dir(g, p, v, n, -2 * H, q);
    double r4 = (8 * (f1 - f2) - (f3 - f4)) / (12 * H);
    printf("FDSELF %.17g %.17g 0\n", r, r4);
  }
#endif
  free(q);
  return r;
}

/* Column i of the Jacobian of a vector function g: R^n -> R^m:
 * col[k] = d out[k] / d p[i]. */
static HARNESS_UNUSED void fd_jac_col(fd_vfn g, const double *p, int n, int i,
                                      int m, double *col) {
  double *q = (double *)malloc(sizeof(double) * (size_t)n);
  double *op = (double *)malloc(sizeof(double) * (size_t)m);
  double *om = (double *)malloc(sizeof(double) * (size_t)m);
  double h = fd_step(p[i]);
  memcpy(q, p, sizeof(double) * (size_t)n);
  q[i] = p[i] + h;
  double xp = q[i];
  g(q, op);
  memcpy(q, p, sizeof(double) * (size_t)n);
  q[i] = p[i] - h;
  double xm = q[i];
  g(q, om);
  for (int k = 0; k < m; k++)
    col[k] = (op[k] - om[k]) / (xp - xm);
#ifdef HARNESS_FD_SELFTEST
  {
    double H = 1e-3 * fmax(1.0, fabs(p[i]));
    double *o3 = (double *)malloc(sizeof(double) * (size_t)m);
    double *o4 = (double *)malloc(sizeof(double) * (size_t)m);
    memcpy(q, p, sizeof(double) * (size_t)n); q[i] = p[i] + H; g(q, op);
    memcpy(q, p, sizeof(double) * (size_t)n); q[i] = p[i] - H; g(q, om);
    memcpy(q, p, sizeof(double) * (size_t)n); q[i] = p[i] + 2 * H; g(q, o3);
    memcpy(q, p, sizeof(double) * (size_t)n); q[i] = p[i] - 2 * H; g(q, o4);
    for (int k = 0; k < m; k++)
      printf("FDSELF %.17g %.17g 0\n", col[k],
             (8 * (op[k] - om[k]) - (o3[k] - o4[k])) / (12 * H));
    free(o3);
    free(o4);
  }
#endif
  free(q);
  free(op);
  free(om);
}

/* Jacobian-vector product of g: R^n -> R^m along v, by central differences */
static HARNESS_UNUSED void fd_jvp(fd_vfn g, const double *p, const double *v,
                                  int n, int m, double *res) {
  double *q = (double *)malloc(sizeof(double) * (size_t)n);
  double *op = (double *)malloc(sizeof(double) * (size_t)m);
  double *om = (double *)malloc(sizeof(double) * (size_t)m);
  double vn = harness_norminf(v, n);
  double h = vn == 0 ? 1 : 1e-6 * fmax(1.0, harness_norminf(p, n)) / vn;
  for (int i = 0; i < n; i++)
    q[i] = p[i] + h * v[i];
  g(q, op);
  for (int i = 0; i < n; i++)
    q[i] = p[i] - h * v[i];
  g(q, om);
  for (int k = 0; k < m; k++)
    res[k] = vn == 0 ? 0 : (op[k] - om[k]) / (2 * h);
#ifdef HARNESS_FD_SELFTEST
  if (vn != 0) {
    double H = 1e3 * h;
    double *o3 = (double *)malloc(sizeof(double) * (size_t)m);
    double *o4 = (double *)malloc(sizeof(double) * (size_t)m);
    for (int i = 0; i < n; i++) q[i] = p[i] + H * v[i];
    g(q, op);
    for (int i = 0; i < n; i++) q[i] = p[i] - H * v[i];
    g(q, om);
    for (int i = 0; i < n; i++) q[i] = p[i] + 2 * H * v[i];
    g(q, o3);
    for (int i = 0; i < n; i++) q[i] = p[i] - 2 * H * v[i];
    g(q, o4);
    for (int k = 0; k < m; k++)
      printf("FDSELF %.17g %.17g 0\n", res[k],
             (8 * (op[k] - om[k]) - (o3[k] - o4[k])) / (12 * H));
    free(o3);
    free(o4);
  }
#endif
  free(q);
  free(op);
  free(om);
}

/* ---- float finite differences ----------------------------------------- */

typedef float (*fd_fnf)(const float *p);

static HARNESS_UNUSED double harness_evalf_at(fd_fnf g, const float *p, int n,
                                              int i, float t, float *buf) {
  memcpy(buf, p, sizeof(float) * (size_t)n);
  buf[i] = p[i] + t;
  return (double)g(buf);
}

/* d g / d p[i] of a float function, evaluated in float,
 * h = 1e-2 * max(1, |p[i]|); compare with TOL_F */
static HARNESS_UNUSED double fdf(fd_fnf g, const float *p, int n, int i) {
  float *q = (float *)malloc(sizeof(float) * (size_t)n);
  float h = 1e-2f * fmaxf(1.0f, fabsf(p[i]));
  float xp = p[i] + h, xm = p[i] - h;
  double fp = harness_evalf_at(g, p, n, i, h, q);
  double fm = harness_evalf_at(g, p, n, i, -h, q);
  double r = (fp - fm) / ((double)xp - (double)xm);
#ifdef HARNESS_FD_SELFTEST
  {
    float H = 2 * h;
    double f1 = harness_evalf_at(g, p, n, i, H, q);
    double f2 = harness_evalf_at(g, p, n, i, -H, q);
    double f3 = harness_evalf_at(g, p, n, i, 2 * H, q);
    double f4 = harness_evalf_at(g, p, n, i, -2 * H, q);
    double r4 = (8 * (f1 - f2) - (f3 - f4)) / (12 * (double)H);
    printf("FDSELF %.17g %.17g 1\n", r, r4);
  }
#endif
  free(q);
  return r;
}

#endif /* ENZYME_CORPUS_HARNESS_H */
