// cpp/matrix_class.cpp - a small dense Matrix class over std::vector storage
// with operator()(i, j) in a const version (returning const double&) and a
// non-const one (returning double&, used to write), a matrix product
// returned by value (operator*), a transpose, and a friend trace. The
// differentiated function evaluates tr(A^T A B) + x^T A x with A and B
// passed by pointer (shadows: zero matrices for reverse, directions for
// forward). Both modes.
#include <cmath>
#include <vector>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_const;

class Matrix {
  int n_;
  std::vector<double> a_;

public:
  explicit Matrix(int n) : n_(n), a_(n * n, 0.0) {}
  int n() const { return n_; }
  double &operator()(int i, int j) { return a_[i * n_ + j]; }
  const double &operator()(int i, int j) const { return a_[i * n_ + j]; }
  Matrix transposed() const {
    Matrix t(n_);
    for (int i = 0; i < n_; i++)
      for (int j = 0; j < n_; j++)
        t(j, i) = (*this)(i, j);
    return t;
  }
  Matrix operator*(const Matrix &o) const {
    Matrix r(n_);
    for (int i = 0; i < n_; i++)
      for (int j = 0; j < n_; j++) {
        double s = 0;
        for (int k = 0; k < n_; k++)
          s += (*this)(i, k) * o(k, j);
        r(i, j) = s;
      }
    return r;
  }
  friend double trace(const Matrix &m) {
    double t = 0;
    for (int i = 0; i < m.n(); i++)
      t += m(i, i);
    return t;
  }
};

double objective(const Matrix *a, const Matrix *b, const double *x) {
  const Matrix &A = *a;
  double q = 0;
  for (int i = 0; i < A.n(); i++)
    for (int j = 0; j < A.n(); j++)
      q += x[i] * A(i, j) * x[j];
  return trace(A.transposed() * A * *b) + std::sin(q);
}

#define N 3
static void fill(Matrix &m, const double *v) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      m(i, j) = v[i * N + j];
}

int main() {
  // p = A (9 entries), then B (9)
  double p[18];
  for (int k = 0; k < 18; k++)
    p[k] = 0.3 * std::sin(1.0 + k) + (k % 4 == 0 ? 1.0 : 0.0);
  const double x[N] = {0.5, -1.0, 0.25};
  auto eval = [&](const double *q) {
    Matrix A(N), B(N);
    fill(A, q);
    fill(B, q + 9);
    return objective(&A, &B, x);
  };
  Matrix A(N), B(N), dA(N), dB(N);
  fill(A, p);
  fill(B, p + 9);
  __enzyme_autodiff((void *)objective, enzyme_dup, &A, &dA, enzyme_dup, &B, &dB,
                    enzyme_const, x);
  for (int k = 0; k < 9; k++) {
    checki("rev_dA", k, dA(k / N, k % N), corpus::fdp(eval, p, 18, k), TOL_D);
    checki("rev_dB", k, dB(k / N, k % N), corpus::fdp(eval, p, 18, 9 + k), TOL_D);
  }
  double v[18];
  for (int k = 0; k < 18; k++)
    v[k] = std::cos(0.7 * k);
  Matrix tA(N), tB(N);
  fill(tA, v);
  fill(tB, v + 9);
  check("fwd_dir", __enzyme_fwddiff((void *)objective, enzyme_dup, &A, &tA, enzyme_dup, &B, &tB,
                                    enzyme_const, x),
        corpus::fdp_dir(eval, p, v, 18), TOL_D);
  return 0;
}
