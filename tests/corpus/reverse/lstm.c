/* reverse/lstm.c - reverse mode of a small LSTM-like recurrence (hidden 3,
 * input 2, 4 steps; sigmoid/tanh gates, cell state): gradient w.r.t. all 72
 * weights and biases (sampled checks) and w.r.t. the input sequence. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_const;
extern void __enzyme_autodiff_void(void *, ...);

#include "kernels/lstm.h"

static double XS[T * I];
static double PW[NW + NB];
static double eval(const double *p) { return lstm_loss(p, p + NW, XS, T); }
static double eval_xs(const double *p) { return lstm_loss(PW, PW + NW, p, T); }

int main(void) {
  double dp[NW + NB], dxs[T * I];
  for (int i = 0; i < T * I; i++)
    XS[i] = cos(0.8 * i) * 0.9;
  for (int i = 0; i < NW + NB; i++)
    PW[i] = 0.5 * sin(1.3 * i + 0.5);
  memset(dp, 0, sizeof dp);
  __enzyme_autodiff_void((void *)lstm_loss, PW, dp, PW + NW, dp + NW,
                         enzyme_const, XS, T);
  for (int i = 0; i < NW + NB; i += 5)
    checki("dparams", i, dp[i], fd(eval, PW, NW + NB, i), TOL_D);
  memset(dp, 0, sizeof dp);
  memset(dxs, 0, sizeof dxs);
  __enzyme_autodiff_void((void *)lstm_loss, PW, dp, PW + NW, dp + NW, XS, dxs, T);
  for (int i = 0; i < T * I; i++)
    checki("dxs", i, dxs[i], fd(eval_xs, XS, T * I, i), TOL_D);
  checki("dparams_again", 12, dp[12], fd(eval, PW, NW + NB, 12), TOL_D);
  return 0;
}
