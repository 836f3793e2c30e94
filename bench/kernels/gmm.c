// gmm.c — Gaussian mixture log-likelihood (ADBench-like, diagonal covariances): k = 16
// components, d = 16 dimensions, n = 2000 points, log-sum-exp over components per point.
// Parameters: mixture logits alphas[k], means[k*d], log inverse standard deviations q[k*d].
// Forward: tangent along (dalphas, dmeans, dq), one direction (data x constant).
// Reverse: gradient with respect to alphas, means and q (data x constant).
#include "bench.h"

#define K 16
#define D 16
#define NPTS 2000

static double log_sum_exp(const double *v, int n) {
  double m = v[0];
  for (int i = 1; i < n; i++) m = v[i] > m ? v[i] : m;
  double s = 0.0;
  for (int i = 0; i < n; i++) s += exp(v[i] - m);
  return log(s) + m;
}

double gmm_objective(const double *alphas, const double *means, const double *q,
                     const double *x, int n) {
  double qdiag[K * D], sum_q[K], main_term[K];
  for (int k = 0; k < K; k++) {
    sum_q[k] = 0.0;
    for (int j = 0; j < D; j++) {
      sum_q[k] += q[k * D + j];
      qdiag[k * D + j] = exp(q[k * D + j]);
    }
  }
  double total = 0.0;
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < K; k++) {
      double sq = 0.0;
      for (int j = 0; j < D; j++) {
        double z = qdiag[k * D + j] * (x[i * D + j] - means[k * D + j]);
        sq += z * z;
      }
      main_term[k] = alphas[k] + sum_q[k] - 0.5 * sq;
    }
    total += log_sum_exp(main_term, K);
  }
  return total - n * log_sum_exp(alphas, K) - n * D * 0.9189385332046727;  // log(sqrt(2 pi))
}

double __enzyme_fwddiff(void *, ...);
void __enzyme_autodiff(void *, ...);
typedef struct { void *tape; double result; } augmented;
augmented __enzyme_augmentfwd(void *, ...);
void __enzyme_reverse(void *, ...);

static double alphas[K], means[K * D], q[K * D], *x;
static double g_alphas[K], g_means[K * D], g_q[K * D];
static double d_alphas[K], d_means[K * D], d_q[K * D];   // the tangent's direction
static double g4_alphas[4][K], g4_means[4][K * D], g4_q[4][K * D];  // batched: one row per seed

static void primal(void) { bench_sink = gmm_objective(alphas, means, q, x, NPTS); }
static double tangent_value(void) {
  return __enzyme_fwddiff((void *)gmm_objective, alphas, d_alphas, means, d_means, q, d_q,
                          enzyme_const, x, NPTS);
}
static void tangent(void) { bench_sink = tangent_value(); }
static void gradient(void) {
  __enzyme_autodiff((void *)gmm_objective, alphas, g_alphas, means, g_means, q, g_q,
                    enzyme_const, x, NPTS);
}

// Split mode: the same gradient as __enzyme_augmentfwd + __enzyme_reverse.
static void gradient_split(void) {
  augmented a = __enzyme_augmentfwd((void *)gmm_objective, alphas, g_alphas, means, g_means, q,
                                    g_q, enzyme_const, x, NPTS);
  __enzyme_reverse((void *)gmm_objective, alphas, g_alphas, means, g_means, q, g_q, enzyme_const,
                   x, NPTS, 1.0, a.tape);
}
// Batched reverse (enzyme_width 4, enzyme_dupv): four seeds, four gradients, one sweep.
static void gradient_w4(void) {
  __enzyme_autodiff((void *)gmm_objective, enzyme_width, 4, enzyme_dupv, sizeof g4_alphas[0],
                    alphas, g4_alphas, enzyme_dupv, sizeof g4_means[0], means, g4_means,
                    enzyme_dupv, sizeof g4_q[0], q, g4_q, enzyme_const, x, NPTS, 1.0, 2.0, 3.0, 4.0);
}

static double f(void) { return gmm_objective(alphas, means, q, x, NPTS); }

// The tangent along one coordinate of each parameter array against a finite difference.
static void check_tangent(double *seed, double *param, const char *what) {
  memset(d_alphas, 0, sizeof d_alphas); memset(d_means, 0, sizeof d_means); memset(d_q, 0, sizeof d_q);
  *seed = 1.0;
  bench_check("fwd", what, tangent_value(), bench_central_diff(f, param, 1e-3), 1e-6);
}

static void check(void) {
  check_tangent(&d_alphas[3], &alphas[3], "d/dalpha_3");
  check_tangent(&d_means[5 * D + 7], &means[5 * D + 7], "d/dmean_(5,7)");
  check_tangent(&d_q[2 * D + 11], &q[2 * D + 11], "d/dq_(2,11)");
  // timed along a dense direction in every parameter
  bench_fill(d_alphas, K, 70, -1, 1); bench_fill(d_means, K * D, 71, -1, 1); bench_fill(d_q, K * D, 72, -1, 1);
  memset(g_alphas, 0, sizeof g_alphas); memset(g_means, 0, sizeof g_means); memset(g_q, 0, sizeof g_q);
  __enzyme_autodiff((void *)gmm_objective, alphas, g_alphas, means, g_means, q, g_q,
                    enzyme_const, x, NPTS);
  bench_check("rev", "d/dalpha_3", g_alphas[3], bench_central_diff(f, &alphas[3], 1e-3), 1e-6);
  bench_check("rev", "d/dmean_(5,7)", g_means[5 * D + 7], bench_central_diff(f, &means[5 * D + 7], 1e-3), 1e-6);
  double fd_q = bench_central_diff(f, &q[2 * D + 11], 1e-3);
  bench_check("rev", "d/dq_(2,11)", g_q[2 * D + 11], fd_q, 1e-6);
  memset(g_alphas, 0, sizeof g_alphas); memset(g_means, 0, sizeof g_means); memset(g_q, 0, sizeof g_q);
  gradient_split();
  bench_check("split", "d/dq_(2,11)", g_q[2 * D + 11], fd_q, 1e-6);
  memset(g4_alphas, 0, sizeof g4_alphas); memset(g4_means, 0, sizeof g4_means); memset(g4_q, 0, sizeof g4_q);
  gradient_w4();
  for (int k = 0; k < 4; k++) {
    char what[64]; snprintf(what, sizeof what, "lane%d (seed %d) d/dq_(2,11)", k, k + 1);
    bench_check("rev_w4", what, g4_q[k][2 * D + 11], (k + 1) * fd_q, 1e-6);
  }
}

int main(int argc, char **argv) {
  x = bench_alloc(NPTS * D);
  bench_fill(x, NPTS * D, 5, -2, 2);
  bench_fill(alphas, K, 6, -1, 1);
  bench_fill(means, K * D, 7, -2, 2);
  bench_fill(q, K * D, 8, -0.5, 0.5);
  static const thunk thunks[] = {{"primal", primal, ""}, {"tangent", tangent, "fwd"}, {"gradient", gradient, "rev"},
                                 {"gradient_split", gradient_split, "split"},
                                 {"gradient_w4", gradient_w4, "rev_w4"}, {0, 0, 0}};
  return bench_main(argc, argv, check, thunks);
}
