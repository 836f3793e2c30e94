/* reverse/complex_functions.c - the elementary functions of <complex.h>
 * (cexp, csin, ccos, clog and their float versions) in reverse and forward
 * mode: enzyme-opt rewrites each into its real formulas (ad/prepare/expand.py); they
 * were refused as external functions. Double complex is passed as two
 * doubles, float complex as <2 x float> (x86-64). */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

typedef struct { double dre, dim; } d2;
extern d2 __enzyme_autodiff2(void *, ...);
extern double __enzyme_fwddiff(void *, ...);

double f(double re, double im) {
  double complex z = re + im * I;
  double complex w = cexp(z) + csin(z) * ccos(0.5 * z) + clog(z * z + 1.0);
  return creal(w) * cimag(w) + cabs(w);
}

double g(double re, double im) {
  float complex z = (float)re + (float)im * I;
  float complex w = cexpf(z) - csinf(z) + ccosf(z) * clogf(z);
  return crealf(w) + 3.0 * cimagf(w);
}

static double eval_f(const double *p) { return f(p[0], p[1]); }
static double eval_g(const double *p) { return g(p[0], p[1]); }

int main(void) {
  double p[2] = {0.7, -0.4};
  d2 df = __enzyme_autodiff2((void *)f, p[0], p[1]);
  check("df_dre", df.dre, fd(eval_f, p, 2, 0), TOL_D);
  check("df_dim", df.dim, fd(eval_f, p, 2, 1), TOL_D);
  check("fwd_df_dim", __enzyme_fwddiff((void *)f, p[0], 0.0, p[1], 1.0), fd(eval_f, p, 2, 1),
        TOL_D);
  d2 dg = __enzyme_autodiff2((void *)g, p[0], p[1]);
  check("dg_dre", dg.dre, fd_h(eval_g, p, 2, 0, 1e-3), 1e-3);
  check("dg_dim", dg.dim, fd_h(eval_g, p, 2, 1, 1e-3), 1e-3);
  check("fwd_dg_dre", __enzyme_fwddiff((void *)g, p[0], 1.0, p[1], 0.0),
        fd_h(eval_g, p, 2, 0, 1e-3), 1e-3);
  return 0;
}
