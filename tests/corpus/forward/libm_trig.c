/* forward/libm_trig.c - forward mode (__enzyme_fwddiff) of libm functions: sin cos tan asin acos atan atan2;
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

DEF1(f_sin, sin(x))
DEF1(f_cos, cos(x))
DEF1(f_tan, tan(x))
DEF1(f_asin, asin(x))
DEF1(f_acos, acos(x))
DEF1(f_atan, atan(x))
DEF2(f_atan2, atan2(x, y))
DEF1(f_chain, atan2(sin(x) * cos(x), 1.5 + tan(0.3 * x)) + asin(0.2 * x) * acos(0.1 * x) + atan(x * x))

int main(void) {
  T1(f_sin, 0, 0.4);
  T1(f_sin, 1, 2.1);
  T1(f_cos, 0, 0.4);
  T1(f_cos, 1, 2.1);
  T1(f_tan, 0, 0.3);
  T1(f_tan, 1, -1.0);
  T1(f_asin, 0, 0.3);
  T1(f_asin, 1, -0.6);
  T1(f_acos, 0, 0.3);
  T1(f_acos, 1, -0.6);
  T1(f_atan, 0, 0.5);
  T1(f_atan, 1, -2.0);
  T2(f_atan2, 0, 0.7, -1.2);
  T2(f_atan2, 1, -0.5, 0.9);
  T1(f_chain, 0, 0.8);
  T1(f_chain, 1, -1.3);
  return 0;
}
