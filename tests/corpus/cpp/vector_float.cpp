// cpp/vector_float.cpp - single precision through containers: a
// std::vector<float> behind a wrapper (shadow vector of the same size), a
// float scalar passed through the variadic entry point (promoted to double
// by C++'s "..." and converted back by enzyme-opt), and a float return.
// Checked with float finite differences (TOL_F). Both modes.
#include <cmath>
#include <vector>
#include "cpp_harness.h"

extern "C" float __enzyme_autodiff(void *, ...);
extern "C" float __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_out;

float loss(const std::vector<float> &w, float x) {
  float s = 0;
  for (float wi : w)
    s += std::tanh(wi * x) * wi;
  return s;
}
float wrapper(const std::vector<float> *w, float x) { return loss(*w, x); }

int main() {
  std::vector<float> w = {0.5f, -1.0f, 0.25f}, dw(3, 0.0f);
  const float x = 0.8f;
  auto with = [&](int i, float v) {
    std::vector<float> u = w;
    u[i] = v;
    return loss(u, x);
  };
  float dx = __enzyme_autodiff((void *)wrapper, enzyme_dup, &w, &dw, enzyme_out, x);
  for (int i = 0; i < 3; i++)
    checki("rev_dw", i, dw[i], corpus::fd1f([&](float v) { return with(i, v); }, w[i]), TOL_F);
  check("rev_dx", dx, corpus::fd1f([&](float v) { return loss(w, v); }, x), TOL_F);

  std::vector<float> tw = {1.0f, 0.0f, 0.0f};
  check("fwd_dw0", __enzyme_fwddiff((void *)wrapper, enzyme_dup, &w, &tw, x, 0.0f),
        corpus::fd1f([&](float v) { return with(0, v); }, w[0]), TOL_F);
  return 0;
}
