/* reverse/global_coeffs.c - reverse mode of functions reading global
 * constant tables (inactive data): a polynomial coefficient table, a 2-D
 * weight table, and a static const lookup table indexed by an int. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern double __enzyme_autodiff(void *, ...);
extern void __enzyme_autodiff_void(void *, ...);

const double coef[6] = {1.0, -0.5, 0.25, 2.0, -1.25, 0.125};
const double wtab[3][4] = {{0.5, 1.0, -1.0, 2.0}, {1.5, -0.5, 0.25, 1.0}, {0.1, 0.2, 0.3, 0.4}};
static const double lut[5] = {1.0, 0.8, 0.6, 0.4, 0.2};

double horner(double x) {
  double s = 0.0;
  for (int i = 5; i >= 0; i--)
    s = s * x + coef[i];
  return s;
}

double layer(const double *x) {
  double s = 0.0;
  for (int r = 0; r < 3; r++) {
    double a = 0.0;
    for (int c = 0; c < 4; c++)
      a += wtab[r][c] * x[c];
    s += tanh(a) * lut[(r * 2) % 5];
  }
  return s;
}

static double eval_h(const double *p) { return horner(p[0]); }
static double eval_l(const double *p) { return layer(p); }

int main(void) {
  const double xs[2] = {0.7, -1.3};
  for (int k = 0; k < 2; k++) {
    double p[1] = {xs[k]};
    checki("dhorner", k, __enzyme_autodiff((void *)horner, p[0]),
           fd(eval_h, p, 1, 0), TOL_D);
  }
  double x[4] = {0.3, -0.6, 1.1, 0.4}, dx[4] = {0};
  __enzyme_autodiff_void((void *)layer, x, dx);
  for (int i = 0; i < 4; i++)
    checki("dlayer", i, dx[i], fd(eval_l, x, 4, i), TOL_D);
  return 0;
}
