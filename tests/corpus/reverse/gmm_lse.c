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

#include "kernels/gmm_lse.h"

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
