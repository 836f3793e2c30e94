/* forward/gmm_lse.c - forward mode of a GMM-like objective: per data point
 * a log-sum-exp (with max subtraction) over K components of Gaussian-like
 * log densities with log-precision parameters, minus N * logsumexp(alpha);
 * the data array is passed with enzyme_const, the parameters duplicated. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_const;
extern int enzyme_dup;
extern double __enzyme_fwddiff(void *, ...);

#include "kernels/gmm_lse.h"

#define K 3
#define D 2
#define NP 5
#define NPAR (K + 2 * K * D)
static double X[NP * D];
static double eval(const double *p) { return gmm(p, p + K, p + K + K * D, X, K, D, NP); }

int main(void) {
  double p[NPAR], v[NPAR];
  for (int i = 0; i < NP * D; i++)
    X[i] = sin(1.7 * i + 0.3) * 1.5;
  for (int i = 0; i < NPAR; i++) {
    p[i] = 0.4 * cos(0.9 * i + 0.2);
    v[i] = 0.5 + 0.1 * (i % 5) - 0.3 * (i % 2);
  }
  double dp[NPAR];
  memcpy(dp, v, sizeof dp);
  double d = __enzyme_fwddiff((void *)gmm, p, dp, p + K, dp + K, p + K + K * D,
                              dp + K + K * D, enzyme_const, X, K, D, NP);
  check("dgmm_dir", d, fd_dir(eval, p, v, NPAR), TOL_D);
  for (int i = 0; i < NPAR; i += 4) {
    memset(dp, 0, sizeof dp);
    dp[i] = 1.0;
    double di = __enzyme_fwddiff((void *)gmm, enzyme_dup, p, dp, enzyme_dup,
                                 p + K, dp + K, enzyme_dup, p + K + K * D,
                                 dp + K + K * D, enzyme_const, X, K, D, NP);
    checki("dgmm", i, di, fd(eval, p, NPAR, i), TOL_D);
  }
  return 0;
}
