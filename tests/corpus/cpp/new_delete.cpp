// cpp/new_delete.cpp - heap memory the C++ way inside the differentiated
// function: new double[n] / delete[] for a work array holding active values,
// and new/delete of a single node object of a singly linked list built from
// the inputs and walked back. Both modes.
#include <cmath>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_const;

// prefix sums of sin(x_i) in a heap array, then their squares summed
double prefix_energy(const double *x, int n) {
  double *s = new double[n];
  s[0] = std::sin(x[0]);
  for (int i = 1; i < n; i++)
    s[i] = s[i - 1] + std::sin(x[i]);
  double e = 0;
  for (int i = 0; i < n; i++)
    e += s[i] * s[i];
  delete[] s;
  return e;
}

struct Node {
  double value;
  Node *next;
};

// a list of x_i * x_{i+1} (pushed at the front), then a weighted walk
double list_walk(const double *x, int n) {
  Node *head = nullptr;
  for (int i = 0; i + 1 < n; i++)
    head = new Node{x[i] * x[i + 1], head};
  double acc = 0, w = 1;
  while (head) {
    acc += w * std::exp(head->value);
    w *= 0.5;
    Node *dead = head;
    head = head->next;
    delete dead;
  }
  return acc;
}

#define N 5
template <double (*F)(const double *, int)> void check_both(const char *name) {
  double x[N] = {0.3, -0.7, 1.1, 0.25, -0.4};
  auto eval = [](const double *q) { return F(q, N); };
  double dx[N] = {0};
  __enzyme_autodiff((void *)F, enzyme_dup, x, dx, enzyme_const, N);
  char label[64];
  snprintf(label, sizeof label, "rev_%s", name);
  for (int i = 0; i < N; i++)
    checki(label, i, dx[i], corpus::fdp(eval, x, N, i), TOL_D);
  double v[N] = {1.0, -0.5, 0.25, 2.0, 0.0};
  snprintf(label, sizeof label, "fwd_%s", name);
  check(label, __enzyme_fwddiff((void *)F, enzyme_dup, x, v, enzyme_const, N),
        corpus::fdp_dir(eval, x, v, N), TOL_D);
}

int main() {
  check_both<prefix_energy>("prefix");
  check_both<list_walk>("list");
  return 0;
}
