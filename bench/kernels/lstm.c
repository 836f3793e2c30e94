// lstm.c — an LSTM-like recurrence: hidden size H = 16, input size H, T = 300 steps,
// gates from one weight matrix W[4H][2H] and bias b[4H], sigmoid/tanh activations;
// the loss is the sum of squared differences between h_t and a target sequence.
// Forward: tangent along (dW, db), one direction (inputs and targets constant).
// Reverse: gradient with respect to W and b (inputs and targets constant).
#include "bench.h"

#define H 16
#define STEPS 300

static double sigmoid(double z) { return 1.0 / (1.0 + exp(-z)); }

double lstm_loss(const double *W, const double *b, const double *xs, const double *ys, int steps) {
  double h[H], c[H], gates[4 * H];
  for (int j = 0; j < H; j++) { h[j] = 0.0; c[j] = 0.0; }
  double loss = 0.0;
  for (int t = 0; t < steps; t++) {
    const double *xt = xs + t * H;
    for (int r = 0; r < 4 * H; r++) {
      double s = b[r];
      const double *wr = W + r * 2 * H;
      for (int j = 0; j < H; j++) s += wr[j] * xt[j];
      for (int j = 0; j < H; j++) s += wr[H + j] * h[j];
      gates[r] = s;
    }
    for (int j = 0; j < H; j++) {
      double ig = sigmoid(gates[j]);
      double fg = sigmoid(gates[H + j]);
      double og = sigmoid(gates[2 * H + j]);
      double gg = tanh(gates[3 * H + j]);
      c[j] = fg * c[j] + ig * gg;
      h[j] = og * tanh(c[j]);
      double e = h[j] - ys[t * H + j];
      loss += e * e;
    }
  }
  return loss;
}

double __enzyme_fwddiff(void *, ...);
void __enzyme_autodiff(void *, ...);

static double W[4 * H * 2 * H], b[4 * H], *xs, *ys;
static double gW[4 * H * 2 * H], gb[4 * H];
static double dW[4 * H * 2 * H], db[4 * H];   // the tangent's direction

static void primal(void) { bench_sink = lstm_loss(W, b, xs, ys, STEPS); }
static double tangent_value(void) {
  return __enzyme_fwddiff((void *)lstm_loss, W, dW, b, db, enzyme_const, xs, enzyme_const, ys, STEPS);
}
static void tangent(void) { bench_sink = tangent_value(); }
static void gradient(void) {
  __enzyme_autodiff((void *)lstm_loss, W, gW, b, gb, enzyme_const, xs, enzyme_const, ys, STEPS);
}

static double f(void) { return lstm_loss(W, b, xs, ys, STEPS); }

// The tangent along one coordinate of W or b against a finite difference.
static void check_tangent(double *seed, double *param, const char *what) {
  memset(dW, 0, sizeof dW); memset(db, 0, sizeof db);
  *seed = 1.0;
  bench_check("fwd", what, tangent_value(), bench_central_diff(f, param, 1e-3), 1e-6);
}

static void check(void) {
  check_tangent(&dW[20 * 2 * H + 3], &W[20 * 2 * H + 3], "d/dW_(20,3)");
  check_tangent(&dW[50 * 2 * H + 20], &W[50 * 2 * H + 20], "d/dW_(50,20)");
  check_tangent(&db[9], &b[9], "d/db_9");
  // timed along a dense direction in W and b
  bench_fill(dW, 4 * H * 2 * H, 13, -1, 1); bench_fill(db, 4 * H, 14, -1, 1);
  memset(gW, 0, sizeof gW); memset(gb, 0, sizeof gb);
  __enzyme_autodiff((void *)lstm_loss, W, gW, b, gb, enzyme_const, xs, enzyme_const, ys, STEPS);
  bench_check("rev", "d/dW_(20,3)", gW[20 * 2 * H + 3], bench_central_diff(f, &W[20 * 2 * H + 3], 1e-3), 1e-6);
  bench_check("rev", "d/dW_(50,20)", gW[50 * 2 * H + 20], bench_central_diff(f, &W[50 * 2 * H + 20], 1e-3), 1e-6);
  bench_check("rev", "d/db_9", gb[9], bench_central_diff(f, &b[9], 1e-3), 1e-6);
}

int main(int argc, char **argv) {
  xs = bench_alloc(STEPS * H); ys = bench_alloc(STEPS * H);
  bench_fill(xs, STEPS * H, 9, -1, 1);
  bench_fill(ys, STEPS * H, 10, -0.5, 0.5);
  bench_fill(W, 4 * H * 2 * H, 11, -0.3, 0.3);
  bench_fill(b, 4 * H, 12, -0.1, 0.1);
  static const thunk thunks[] = {{"primal", primal, ""}, {"tangent", tangent, "fwd"}, {"gradient", gradient, "rev"}, {0, 0, 0}};
  return bench_main(argc, argv, check, thunks);
}
