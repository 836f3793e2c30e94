// cpp/vector_member.cpp - a class whose parameters live in std::vector
// members: a dense layer (weights, biases) with a const forward() that
// returns a std::vector by value. The layer and the input are passed by
// pointer (dup); their shadows are objects of the same shapes (zeroed for
// reverse mode, tangent directions for forward mode), so the gradient lands
// in the shadow layer's vectors. Both modes.
#include <cmath>
#include <vector>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup;

class Dense {
  int in_, out_;
  std::vector<double> w_, b_;

public:
  Dense(int in, int out) : in_(in), out_(out), w_(in * out, 0.0), b_(out, 0.0) {}
  double &w(int o, int i) { return w_[o * in_ + i]; }
  double &b(int o) { return b_[o]; }
  int size() const { return (int)w_.size() + (int)b_.size(); }
  std::vector<double> forward(const std::vector<double> &x) const {
    std::vector<double> y(out_);
    for (int o = 0; o < out_; o++) {
      double s = b_[o];
      for (int i = 0; i < in_; i++)
        s += w_[o * in_ + i] * x[i];
      y[o] = std::tanh(s);
    }
    return y;
  }
};

double loss(const Dense *layer, const std::vector<double> *x) {
  std::vector<double> y = layer->forward(*x);
  double l = 0;
  for (size_t o = 0; o < y.size(); o++)
    l += (y[o] - 0.1 * o) * (y[o] - 0.1 * o);
  return l;
}

// every parameter of a 3 -> 2 layer and the input, flattened: p[0..5] the
// weights, p[6..7] the biases, p[8..10] the input
static void unpack(const double *p, Dense &d, std::vector<double> &x) {
  for (int o = 0; o < 2; o++)
    for (int i = 0; i < 3; i++)
      d.w(o, i) = p[o * 3 + i];
  d.b(0) = p[6];
  d.b(1) = p[7];
  x.assign(p + 8, p + 11);
}
static void pack(Dense &d, const std::vector<double> &x, double *p) {
  for (int o = 0; o < 2; o++)
    for (int i = 0; i < 3; i++)
      p[o * 3 + i] = d.w(o, i);
  p[6] = d.b(0);
  p[7] = d.b(1);
  for (int i = 0; i < 3; i++)
    p[8 + i] = x[i];
}

int main() {
  double p[11] = {0.3, -0.2, 0.5, 0.1, 0.7, -0.4, 0.05, -0.1, 1.0, -0.5, 0.25};
  auto eval = [](const double *q) {
    Dense d(3, 2);
    std::vector<double> x;
    unpack(q, d, x);
    return loss(&d, &x);
  };
  Dense layer(3, 2), dlayer(3, 2);
  std::vector<double> x, dx(3, 0.0);
  unpack(p, layer, x);
  __enzyme_autodiff((void *)loss, enzyme_dup, &layer, &dlayer, enzyme_dup, &x, &dx);
  double g[11];
  pack(dlayer, dx, g);
  for (int i = 0; i < 11; i++)
    checki("rev_grad", i, g[i], corpus::fdp(eval, p, 11, i), TOL_D);

  double v[11] = {1, 0, -1, 0.5, 0, 0, 2, -1, 0.25, 0, 1};
  Dense tlayer(3, 2);
  std::vector<double> tx;
  unpack(v, tlayer, tx);
  check("fwd_dir", __enzyme_fwddiff((void *)loss, enzyme_dup, &layer, &tlayer, enzyme_dup, &x, &tx),
        corpus::fdp_dir(eval, p, v, 11), TOL_D);
  return 0;
}
