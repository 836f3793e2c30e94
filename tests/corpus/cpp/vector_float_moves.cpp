// cpp/vector_float_moves.cpp - std::vector<float> grown and shifted by
// libstdc++'s memmove/memcpy (copy construction, resize, insert in the
// middle, push_back past the capacity). Nothing near those copies says the
// bytes are floats: the type comes from the user's loop reading the vector
// (analysis/pointees.py). Nine floats are 36 bytes, not a whole number of
// doubles: a copy adjoint taken over doubles silently dropped the last
// gradient. Reverse mode, float finite differences (TOL_F).
#include <vector>
#include "cpp_harness.h"

extern "C" void __enzyme_autodiff(void *, ...);
extern "C" int enzyme_dup;

float roughness(const std::vector<float> &in) {
  std::vector<float> d(in);
  d.resize(in.size() + 1, 0.0f);
  d.insert(d.begin() + 1, 3, 0.5f);
  d.push_back(d[2] * d[4]);
  float r = 0;
  for (size_t i = 0; i + 1 < d.size(); i++)
    r += (d[i + 1] - d[i]) * (d[i + 1] - d[i]);
  return r;
}
float roughness_of(const std::vector<float> *v) { return roughness(*v); }

int main() {
  std::vector<float> x = {1.0f, 2.5f, 0.25f, 4.0f, 3.0f, 1.5f, 2.0f, 0.75f, 5.0f};
  std::vector<float> dx(x.size(), 0.0f);
  __enzyme_autodiff((void *)roughness_of, enzyme_dup, &x, &dx);
  for (size_t i = 0; i < x.size(); i++) {
    auto with = [&](float v) {
      std::vector<float> u = x;
      u[i] = v;
      return roughness(u);
    };
    checki("rev_dx", (int)i, dx[i], corpus::fd1f(with, x[i]), TOL_F);
  }
  return 0;
}
