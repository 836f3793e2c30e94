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
