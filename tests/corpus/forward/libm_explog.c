/* forward/libm_explog.c - forward mode (__enzyme_fwddiff) of libm functions: exp exp2 expm1 log log1p log2 log10;
 * each function alone at two points and in a chain, checked against
 * central finite differences. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_fwddiff(void *, ...);

#define DEF1(name, expr)                                                     \
  double name(double x) { return (expr); }                                   \
  static double eval_##name(const double *p) { return name(p[0]); }
#define DEF2(name, expr)                                                     \
  double name(double x, double y) { return (expr); }                         \
  static double eval_##name(const double *p) { return name(p[0], p[1]); }

/* default activity: each floating arg is followed by its tangent */
#define T1(name, k, x0)                                                      \
  do {                                                                       \
    double p_[1] = {x0};                                                     \
    double d_ = __enzyme_fwddiff((void *)name, p_[0], 1.0);                  \
    checki(#name, k, d_, fd(eval_##name, p_, 1, 0), TOL_D);                  \
  } while (0)
#define T2(name, k, x0, y0)                                                  \
  do {                                                                       \
    double p_[2] = {x0, y0};                                                 \
    double dx_ = __enzyme_fwddiff((void *)name, p_[0], 1.0, p_[1], 0.0);     \
    double dy_ = __enzyme_fwddiff((void *)name, p_[0], 0.0, p_[1], 1.0);     \
    checki(#name "_dx", k, dx_, fd(eval_##name, p_, 2, 0), TOL_D);           \
    checki(#name "_dy", k, dy_, fd(eval_##name, p_, 2, 1), TOL_D);           \
  } while (0)

DEF1(f_exp, exp(x))
DEF1(f_exp2, exp2(x))
DEF1(f_expm1, expm1(x))
DEF1(f_log, log(x))
DEF1(f_log1p, log1p(x))
DEF1(f_log2, log2(x))
DEF1(f_log10, log10(x))
DEF1(f_chain, log(1.0 + exp(x)) + log1p(x * x) * expm1(0.5 * x) + log2(exp2(x) + 1.0) - log10(x * x + 2.0))

int main(void) {
  T1(f_exp, 0, 0.5);
  T1(f_exp, 1, -2.0);
  T1(f_exp2, 0, 1.3);
  T1(f_exp2, 1, -0.7);
  T1(f_expm1, 0, 0.01);
  T1(f_expm1, 1, 1.5);
  T1(f_log, 0, 0.5);
  T1(f_log, 1, 3.0);
  T1(f_log1p, 0, 0.2);
  T1(f_log1p, 1, -0.5);
  T1(f_log2, 0, 0.7);
  T1(f_log2, 1, 5.0);
  T1(f_log10, 0, 0.3);
  T1(f_log10, 1, 12.0);
  T1(f_chain, 0, 0.6);
  T1(f_chain, 1, -1.2);
  return 0;
}
