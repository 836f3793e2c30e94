/* reverse/poly.c - reverse mode (__enzyme_autodiff) of polynomials with one
 * active scalar: the default activity (floating arg -> enzyme_out) and an
 * explicit enzyme_out both return the derivative as a double; an int arg is
 * const by default. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern int enzyme_out;
extern int enzyme_const;
extern double __enzyme_autodiff(void *, ...);

#include "kernels/poly.h"

/* sum_{i<n} (i+1) x^i, Horner */
double polyn(double x, int n) {
  double s = 0.0;
  for (int i = n - 1; i >= 0; i--)
    s = s * x + (i + 1);
  return s;
}

static double eval1(const double *p) { return poly1(p[0]); }
static double evaln(const double *p) { return polyn(p[0], 6); }

int main(void) {
  const double xs[3] = {-1.5, 0.3, 2.0};
  for (int k = 0; k < 3; k++) {
    double p[1] = {xs[k]};
    double x = xs[k];
    double exact = ((12.0 * x - 6.0) * x + 1.0) * x - 7.0;
    double d = __enzyme_autodiff((void *)poly1, xs[k]);
    checki("dpoly1_fd", k, d, fd(eval1, p, 1, 0), TOL_D);
    checki("dpoly1_exact", k, d, exact, 1e-10);
    double d2 = __enzyme_autodiff((void *)poly1, enzyme_out, xs[k]);
    checki("dpoly1_out_marker", k, d2, exact, 1e-10);
  }
  double p[1] = {0.8};
  double dn = __enzyme_autodiff((void *)polyn, p[0], 6);
  check("dpolyn_fd", dn, fd(evaln, p, 1, 0), TOL_D);
  double dn2 = __enzyme_autodiff((void *)polyn, enzyme_out, p[0], enzyme_const, 6);
  check("dpolyn_markers", dn2, fd(evaln, p, 1, 0), TOL_D);
  return 0;
}
