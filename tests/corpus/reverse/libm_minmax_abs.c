/* reverse/libm_minmax_abs.c - reverse mode (__enzyme_autodiff) of libm functions: fmax fmin fabs fmod (evaluated away from their kinks);
 * each function alone at two points and in a chain, checked against
 * central finite differences. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

typedef struct {
  double dx, dy;
} d2;
extern double __enzyme_autodiff(void *, ...);
extern d2 __enzyme_autodiff2(void *, ...);

#define DEF1(name, expr)                                                     \
  double name(double x) { return (expr); }                                   \
  static double eval_##name(const double *p) { return name(p[0]); }
#define DEF2(name, expr)                                                     \
  double name(double x, double y) { return (expr); }                         \
  static double eval_##name(const double *p) { return name(p[0], p[1]); }

/* default activity: floating args are active (enzyme_out); one active arg
 * returns a double, two return a struct {d/dx, d/dy} */
#define T1(name, k, x0)                                                      \
  do {                                                                       \
    double p_[1] = {x0};                                                     \
    double d_ = __enzyme_autodiff((void *)name, p_[0]);                      \
    checki(#name, k, d_, fd(eval_##name, p_, 1, 0), TOL_D);                  \
  } while (0)
#define T2(name, k, x0, y0)                                                  \
  do {                                                                       \
    double p_[2] = {x0, y0};                                                 \
    d2 r_ = __enzyme_autodiff2((void *)name, p_[0], p_[1]);                  \
    checki(#name "_dx", k, r_.dx, fd(eval_##name, p_, 2, 0), TOL_D);         \
    checki(#name "_dy", k, r_.dy, fd(eval_##name, p_, 2, 1), TOL_D);         \
  } while (0)

DEF2(f_fmax, fmax(x, y))
DEF2(f_fmin, fmin(x, y))
DEF2(f_fmax_expr, fmax(x * x, 3.0 * y) * y)
DEF1(f_fabs, fabs(x))
DEF1(f_fabs_expr, fabs(sin(x)) * x)
DEF2(f_fmod, fmod(x, y))
DEF1(f_chain, fmax(x * x, 2.0 - x) + fmin(sin(x), 0.2 * x) * fabs(x - 3.0) + fmod(7.0 * x, 2.5))

int main(void) {
  T2(f_fmax, 0, 1.5, 0.3);
  T2(f_fmax, 1, -0.2, 0.9);
  T2(f_fmin, 0, 1.5, 0.3);
  T2(f_fmin, 1, -0.2, 0.9);
  T2(f_fmax_expr, 0, 1.5, 0.3);
  T2(f_fmax_expr, 1, 0.5, 0.9);
  T1(f_fabs, 0, -0.7);
  T1(f_fabs, 1, 1.3);
  T1(f_fabs_expr, 0, -0.7);
  T1(f_fabs_expr, 1, 4.0);
  T2(f_fmod, 0, 5.3, 1.7);
  T2(f_fmod, 1, -4.1, 1.5);
  T1(f_chain, 0, 0.8);
  T1(f_chain, 1, 2.3);
  return 0;
}
