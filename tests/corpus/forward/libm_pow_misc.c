/* forward/libm_pow_misc.c - forward mode (__enzyme_fwddiff) of libm functions: pow sqrt cbrt hypot erf erfc;
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

DEF2(f_pow, pow(x, y))
DEF1(f_pow_const_exp, pow(x, 3.0))
DEF1(f_pow_const_base, pow(2.5, x))
DEF1(f_sqrt, sqrt(x))
DEF1(f_cbrt, cbrt(x))
DEF2(f_hypot, hypot(x, y))
DEF1(f_erf, erf(x))
DEF1(f_erfc, erfc(x))
DEF1(f_chain, sqrt(hypot(x, 2.0) + erf(x)) * cbrt(1.0 + x * x) + pow(erfc(0.5 * x), 1.5))

int main(void) {
  T2(f_pow, 0, 1.7, 2.3);
  T2(f_pow, 1, 0.6, -1.5);
  T1(f_pow_const_exp, 0, -1.5);
  T1(f_pow_const_exp, 1, 2.0);
  T1(f_pow_const_base, 0, -0.5);
  T1(f_pow_const_base, 1, 1.3);
  T1(f_sqrt, 0, 2.0);
  T1(f_sqrt, 1, 0.3);
  T1(f_cbrt, 0, 2.0);
  T1(f_cbrt, 1, -3.0);
  T2(f_hypot, 0, 3.0, -4.0);
  T2(f_hypot, 1, 0.5, 1.2);
  T1(f_erf, 0, 0.3);
  T1(f_erf, 1, -1.1);
  T1(f_erfc, 0, 0.3);
  T1(f_erfc, 1, 1.4);
  T1(f_chain, 0, 0.7);
  T1(f_chain, 1, -0.9);
  return 0;
}
