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

#define H 3
#define I 2
#define T 4
#define NW (4 * H * (I + H))
#define NB (4 * H)

double sigm(double x) { return 1.0 / (1.0 + exp(-x)); }

double lstm_loss(const double *W, const double *b, const double *xs, int steps) {
  double h[H] = {0}, c[H] = {0}, z[I + H], a[4 * H];
  for (int t = 0; t < steps; t++) {
    for (int k = 0; k < I; k++)
      z[k] = xs[t * I + k];
    for (int k = 0; k < H; k++)
      z[I + k] = h[k];
    for (int r = 0; r < 4 * H; r++) {
      double s = b[r];
      for (int k = 0; k < I + H; k++)
        s += W[r * (I + H) + k] * z[k];
      a[r] = s;
    }
    for (int j = 0; j < H; j++) {
      double ig = sigm(a[j]);
      double fg = sigm(a[H + j] + 1.0);
      double og = sigm(a[2 * H + j]);
      double gg = tanh(a[3 * H + j]);
      c[j] = fg * c[j] + ig * gg;
      h[j] = og * tanh(c[j]);
    }
  }
  double loss = 0.0;
  for (int j = 0; j < H; j++)
    loss += h[j] * h[j] + 0.1 * c[j];
  return loss;
}

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
