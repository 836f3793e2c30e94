/* reverse/gmm_lse.c - reverse mode of a GMM-like objective (per-point
 * log-sum-exp with max subtraction over K Gaussian-like components with
 * log-precisions, minus N * logsumexp(alpha)); data enzyme_const, all
 * parameters duplicated; full gradient checked against FD. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_const;
extern void __enzyme_autodiff_void(void *, ...);

double logsumexp(const double *v, int k) {
  double m = v[0];
  for (int i = 1; i < k; i++)
    if (v[i] > m)
      m = v[i];
  double s = 0.0;
  for (int i = 0; i < k; i++)
    s += exp(v[i] - m);
  return m + log(s);
}

double gmm(const double *alpha, const double *mu, const double *q,
           const double *x, int K, int D, int NP) {
  double v[8];
  double total = 0.0;
  for (int n = 0; n < NP; n++) {
    for (int k = 0; k < K; k++) {
      double s = alpha[k];
      for (int d = 0; d < D; d++) {
        double z = (x[n * D + d] - mu[k * D + d]) * exp(q[k * D + d]);
        s += q[k * D + d] - 0.5 * z * z;
      }
      v[k] = s;
    }
    total += logsumexp(v, K);
  }
  return total - NP * logsumexp(alpha, K);
}

#define K 3
#define D 2
#define NP 5
#define NPAR (K + 2 * K * D)
static double X[NP * D];
static double eval(const double *p) { return gmm(p, p + K, p + K + K * D, X, K, D, NP); }

int main(void) {
  double p[NPAR], dp[NPAR];
  for (int i = 0; i < NP * D; i++)
    X[i] = sin(1.7 * i + 0.3) * 1.5;
  for (int i = 0; i < NPAR; i++)
    p[i] = 0.4 * cos(0.9 * i + 0.2);
  memset(dp, 0, sizeof dp);
  __enzyme_autodiff_void((void *)gmm, p, dp, p + K, dp + K, p + K + K * D,
                         dp + K + K * D, enzyme_const, X, K, D, NP);
  for (int i = 0; i < NPAR; i++)
    checki("dgmm", i, dp[i], fd(eval, p, NPAR, i), TOL_D);
  return 0;
}
