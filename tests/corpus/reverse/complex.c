/* reverse/complex.c - C99 complex arithmetic: multiplication and division
 * call compiler-rt helpers (__muldc3, __divdc3) that enzyme-opt expands into
 * plain arithmetic before differentiating; float complex too. */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

typedef struct { double dre, dim; } d2;
extern d2 __enzyme_autodiff2(void *, ...);

#include "kernels/complex.h"

double g(double re, double im) {
  float complex z = (float)re + (float)im * I;
  float complex w = z * (z + 2.0f) / (1.0f + z * z);
  return crealf(w) + 3.0 * cimagf(w);
}

static double eval_f(const double *p) { return f(p[0], p[1]); }
static double eval_g(const double *p) { return g(p[0], p[1]); }

int main(void) {
  double p[2] = {0.7, -0.4};
  d2 df = __enzyme_autodiff2((void *)f, p[0], p[1]);
  check("df_dre", df.dre, fd(eval_f, p, 2, 0), TOL_D);
  check("df_dim", df.dim, fd(eval_f, p, 2, 1), TOL_D);
  d2 dg = __enzyme_autodiff2((void *)g, p[0], p[1]);
  check("dg_dre", dg.dre, fd_h(eval_g, p, 2, 0, 1e-3), 1e-3);
  check("dg_dim", dg.dim, fd_h(eval_g, p, 2, 1, 1e-3), 1e-3);
  return 0;
}
