// cpp/unique_ptr.cpp - RAII ownership inside the differentiated function:
// std::make_unique<double[]> for a work buffer (value-initialised: zeroed),
// std::unique_ptr<State> for a single object released by its destructor,
// read by a helper through a const reference to the unique_ptr, then moved
// into a by-value parameter (at -O0 the move constructor copies the pointer
// as an integer, which must keep its shadow). Both modes.
#include <cmath>
#include <memory>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_const;

struct State {
  double pos, vel;
};

static double finish(const std::unique_ptr<State> &s, double drag) {
  return s->pos + drag * s->vel * s->vel;
}

static double consume(std::unique_ptr<State> s) { return s->pos * s->vel; }

// a damped oscillator stepped n times; the buffer keeps every position
double simulate(const double *p, int n) {
  auto buf = std::make_unique<double[]>(n);
  auto st = std::make_unique<State>(State{p[0], p[1]});
  const double k = p[2], h = 0.05;
  for (int i = 0; i < n; i++) {
    st->vel += -h * (k * st->pos + 0.3 * st->vel);
    st->pos += h * st->vel;
    buf[i] = st->pos;
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += buf[i] * buf[i];
  double f = finish(st, 0.5);
  return s + f + consume(std::move(st));
}

int main() {
  double p[3] = {1.0, -0.5, 4.0};
  const int n = 30;
  auto eval = [](const double *q) { return simulate(q, n); };
  double dp[3] = {0, 0, 0};
  __enzyme_autodiff((void *)simulate, enzyme_dup, p, dp, enzyme_const, n);
  for (int i = 0; i < 3; i++)
    checki("rev_dp", i, dp[i], corpus::fdp(eval, p, 3, i), TOL_D);
  double v[3] = {0.5, 1.0, -0.25};
  check("fwd_dir", __enzyme_fwddiff((void *)simulate, enzyme_dup, p, v, enzyme_const, n),
        corpus::fdp_dir(eval, p, v, 3), TOL_D);
  return 0;
}
