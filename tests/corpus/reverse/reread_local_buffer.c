/* reverse/reread_local_buffer.c - the reverse sweep may re-read memory
 * instead of taping it only when nothing writes that memory later.  Here a
 * helper reads a buffer the caller allocated, and the caller then
 * overwrites the buffer before the helper's reverse runs: the helper's
 * loads must come from the tape, not from the (changed) buffer.  Inputs
 * themselves are never written, so they may be re-read. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

extern void __enzyme_autodiff_void(void *, ...);
extern int enzyme_const;

__attribute__((noinline)) double weigh(const double *buf, const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += buf[i] * buf[i] * x[i];
  return s;
}

double f(const double *x, int n) {
  double *buf = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) buf[i] = sin(x[i]);
  double a = weigh(buf, x, n);
  for (int i = 0; i < n; i++) buf[i] = 3.0 * x[i] * x[i];   /* overwritten after use */
  double b = weigh(buf, x, n);
  free(buf);
  return a + 0.5 * b;
}

#define N 6
static double eval(const double *p) { return f(p, N); }

int main(void) {
  double x[N], dx[N];
  for (int i = 0; i < N; i++) x[i] = 0.2 + 0.3 * i;
  memset(dx, 0, sizeof dx);
  __enzyme_autodiff_void((void *)f, x, dx, enzyme_const, N);
  for (int i = 0; i < N; i++) checki("dx", i, dx[i], fd(eval, x, N, i), TOL_D);
  return 0;
}
