/* Numeric checks for the OpenMP tests: derivatives from enzyme-opt against central
   differences of the same (OpenMP) function.  Each failed check prints a line and
   makes the program exit 1; the derivatives are also printed (%.9g) so that the test
   can compare the program built with and without -fopenmp. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

static int failures;

static void check(const char *what, int i, double got, double want) {
  double tol = 1e-6 * (1.0 + fabs(want));
  if (!(fabs(got - want) <= tol)) {
    printf("FAIL %s[%d]: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

/* Each g[j] against the central difference of loss in x[j] (step 1e-6). */
static void check_gradient(const char *what, double (*loss)(const double *), const double *x,
                           const double *g, int n) {
  const double h = 1e-6;
  for (int j = 0; j < n; j++) {
    double xp[n], xm[n];
    for (int i = 0; i < n; i++) xp[i] = xm[i] = x[i];
    xp[j] += h;
    xm[j] -= h;
    check(what, j, g[j], (loss(xp) - loss(xm)) / (2 * h));
  }
}

static void show(const char *what, const double *v, int n) {
  printf("%s:", what);
  for (int i = 0; i < n; i++)
    printf(" %.9g", v[i]);
  printf("\n");
}

static int finish(void) {
  if (failures)
    printf("%d checks failed\n", failures);
  else
    printf("ok\n");
  return failures != 0;
}
