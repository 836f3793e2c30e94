/* kernels/gmm_lse.h - logsumexp() (with max subtraction) and gmm(), a GMM-
 * like objective; shared by forward/gmm_lse.c and reverse/gmm_lse.c.
 * Kernels stay non-static and unchanged: the programs differentiate them by
 * name. */
#ifndef ENZYME_CORPUS_KERNELS_GMM_LSE_H
#define ENZYME_CORPUS_KERNELS_GMM_LSE_H

#include <math.h>

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

#endif /* ENZYME_CORPUS_KERNELS_GMM_LSE_H */
