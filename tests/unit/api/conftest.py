"""The kernels the Python API tests differentiate: small C functions compiled
by clang-22 once per session (``load(..., language="c")``)."""

import pytest

from enzyme_opt import load

KERNELS = r"""
#include <math.h>
typedef struct { double a, b; } pair;

double mul(const double *x) { return x[0] * x[1]; }
double scaled_square(double x, double c) { return c * x * x; }
double sum_squares(const double *A, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += A[i] * A[i];
  return s;
}
double exp_sin(double x) { return exp(x) * sin(x); }
double two(double x, double y) { return x * x * sin(y) + exp(x * y); }
void vec_f(double *y, const double *x) {        /* y = (x0 x1, sin x1 + x0) */
  y[0] = x[0] * x[1];
  y[1] = sin(x[1]) + x[0];
}
pair pair_of(const double *x) { pair p = {x[0] * x[1], x[1] + x[2]}; return p; }
pair polar(double r, double t) { pair p = {r * cos(t), r * sin(t)}; return p; }
float squaref(float x) { return x * x; }
double weighted(const double *x, const double *w, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += w[i] * sin(x[i]);
  return s;
}
double halve_and_dot(double *x, int n) {        /* x.x, then halves x */
  double s = 0;
  for (int i = 0; i < n; i++) { s += x[i] * x[i]; x[i] *= 0.5; }
  return s;
}
double sin_prod(const double *x) { return sin(x[0] * x[1]); }
double rosen(const double *x, int n) {
  double s = 0;
  for (int i = 0; i + 1 < n; i++)
    s += 100 * (x[i + 1] - x[i] * x[i]) * (x[i + 1] - x[i] * x[i]) + (1 - x[i]) * (1 - x[i]);
  return s;
}
void scale_into(double *y, const double *x, double a, int n) {
  for (int i = 0; i < n; i++) y[i] = a * x[i] * x[i];
}
int add_ints(int a, long b) { return a + (int)b; }
unsigned char is_positive(double x) { return x > 0; }
_Bool negative(double x) { return x < 0; }
"""


@pytest.fixture(scope="session")
def kernels():
    return load(KERNELS, language="c")
