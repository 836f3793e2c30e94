/* kernels/lstm.h - an LSTM-like recurrence: its sizes (H, I, T, NW, NB),
 * sigm() and lstm_loss(); shared by forward/lstm.c and reverse/lstm.c.
 * Kernels stay non-static and unchanged: the programs differentiate them by
 * name. */
#ifndef ENZYME_CORPUS_KERNELS_LSTM_H
#define ENZYME_CORPUS_KERNELS_LSTM_H

#include <math.h>

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

#endif /* ENZYME_CORPUS_KERNELS_LSTM_H */
