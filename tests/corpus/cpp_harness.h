// cpp_harness.h - harness.h for the C++ corpus (tests/corpus/cpp/*.cpp).
//
// The reporting (check/checki) and the array finite differences of harness.h
// work unchanged from C++. What C++ programs add is references computed from
// *callables*: a lambda capturing the fixed inputs is the natural "eval"
// wrapper in C++, and a capturing lambda does not convert to harness.h's
// function pointers. The templates below use the same steps as harness.h
// (h = 1e-6 * max(1, |x|) for double, 1e-2 * max(1, |x|) for float) and are,
// like those, only ever called from main(), never from differentiated code.
#ifndef ENZYME_CORPUS_CPP_HARNESS_H
#define ENZYME_CORPUS_CPP_HARNESS_H

#include "harness.h"

namespace corpus {

// d f / d x of a scalar callable double(double), central differences.
template <class F> double fd1(F f, double x) {
  double h = fd_step(x);
  double xp = x + h, xm = x - h;
  return (f(xp) - f(xm)) / (xp - xm);
}

// d f / d x of a float callable float(float), evaluated in float;
// compare with TOL_F.
template <class F> double fd1f(F f, float x) {
  float h = 1e-2f * fmaxf(1.0f, fabsf(x));
  float xp = x + h, xm = x - h;
  return ((double)f(xp) - (double)f(xm)) / ((double)xp - (double)xm);
}

// d f / d p[i] of a callable double(const double *) over n parameters.
template <class F> double fdp(F f, const double *p, int n, int i) {
  double q[64];
  if (n > 64)
    abort();
  memcpy(q, p, sizeof(double) * (size_t)n);
  double h = fd_step(p[i]);
  q[i] = p[i] + h;
  double xp = q[i], fp = f((const double *)q);
  q[i] = p[i] - h;
  double xm = q[i], fm = f((const double *)q);
  return (fp - fm) / (xp - xm);
}

// sum_i v[i] d f / d p[i] of a callable double(const double *),
// as harness.h's fd_dir.
template <class F> double fdp_dir(F f, const double *p, const double *v,
                                  int n) {
  double q[64];
  if (n > 64)
    abort();
  double vn = harness_norminf(v, n);
  if (vn == 0)
    return 0;
  double h = 1e-6 * fmax(1.0, harness_norminf(p, n)) / vn;
  for (int i = 0; i < n; i++)
    q[i] = p[i] + h * v[i];
  double fp = f((const double *)q);
  for (int i = 0; i < n; i++)
    q[i] = p[i] - h * v[i];
  double fm = f((const double *)q);
  return (fp - fm) / (2 * h);
}

} // namespace corpus

#endif // ENZYME_CORPUS_CPP_HARNESS_H
