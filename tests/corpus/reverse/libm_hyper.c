/* reverse/libm_hyper.c - reverse mode (__enzyme_autodiff) of libm functions: sinh cosh tanh asinh acosh atanh;
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

DEF1(f_sinh, sinh(x))
DEF1(f_cosh, cosh(x))
DEF1(f_tanh, tanh(x))
DEF1(f_asinh, asinh(x))
DEF1(f_acosh, acosh(x))
DEF1(f_atanh, atanh(x))
DEF1(f_chain, tanh(sinh(0.5 * x)) + asinh(cosh(x)) * atanh(0.3 * tanh(x)) + acosh(1.0 + x * x))

int main(void) {
  T1(f_sinh, 0, 0.4);
  T1(f_sinh, 1, -1.7);
  T1(f_cosh, 0, 0.4);
  T1(f_cosh, 1, -1.7);
  T1(f_tanh, 0, 0.4);
  T1(f_tanh, 1, -1.7);
  T1(f_asinh, 0, 0.4);
  T1(f_asinh, 1, -2.5);
  T1(f_acosh, 0, 1.5);
  T1(f_acosh, 1, 3.0);
  T1(f_atanh, 0, 0.3);
  T1(f_atanh, 1, -0.7);
  T1(f_chain, 0, 0.9);
  T1(f_chain, 1, -1.4);
  return 0;
}
