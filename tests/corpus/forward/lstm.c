/* forward/lstm.c - forward mode of a small LSTM-like recurrence (hidden 3,
 * input 2, 4 time steps, sigmoid/tanh gates, cell state carried across
 * steps) with a scalar loss; weights and biases duplicated, the input
 * sequence const. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_const;
extern double __enzyme_fwddiff(void *, ...);

#include "kernels/lstm.h"

static double XS[T * I];
static double eval(const double *p) { return lstm_loss(p, p + NW, XS, T); }

int main(void) {
  double p[NW + NB], v[NW + NB], dp[NW + NB];
  for (int i = 0; i < T * I; i++)
    XS[i] = cos(0.8 * i) * 0.9;
  for (int i = 0; i < NW + NB; i++) {
    p[i] = 0.5 * sin(1.3 * i + 0.5);
    v[i] = cos(0.7 * i);
  }
  memcpy(dp, v, sizeof dp);
  double d = __enzyme_fwddiff((void *)lstm_loss, p, dp, p + NW, dp + NW,
                              enzyme_const, XS, T);
  check("dlstm_dir", d, fd_dir(eval, p, v, NW + NB), TOL_D);
  for (int i = 0; i < NW + NB; i += 11) {
    memset(dp, 0, sizeof dp);
    dp[i] = 1.0;
    double di = __enzyme_fwddiff((void *)lstm_loss, p, dp, p + NW, dp + NW,
                                 enzyme_const, XS, T);
    checki("dlstm", i, di, fd(eval, p, NW + NB, i), TOL_D);
  }
  return 0;
}
