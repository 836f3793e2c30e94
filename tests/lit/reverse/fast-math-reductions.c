// -ffast-math loops are vectorized into llvm.vector.reduce.{fadd,fmul,fmax,fmin} calls,
// which used to be refused ("no derivative is known for the LLVM intrinsic"). Preprocessing
// now expands each into its chain of scalar steps (ad/prepare/expand.py), so the ordinary rules
// differentiate them (-O2 and -O3 vectorize these loops; -O1 does not). Reverse and
// forward mode, checked against central differences.
// RUN: clang -O2 -ffast-math -S -emit-llvm %s -o %t.2.ll
// RUN: grep -q 'llvm.vector.reduce.fmax' %t.2.ll
// RUN: grep -q 'llvm.vector.reduce.fmin' %t.2.ll
// RUN: enzyme-opt %t.2.ll -S -o %t.2.grad.ll
// RUN: clang -O2 -w %t.2.grad.ll -lm -o %t.2.bin
// RUN: %t.2.bin
// RUN: clang -O3 -ffast-math -S -emit-llvm %s -o %t.3.ll
// RUN: grep -q 'llvm.vector.reduce.fmax' %t.3.ll
// RUN: grep -q 'llvm.vector.reduce.fmin' %t.3.ll
// RUN: enzyme-opt %t.3.ll -S -o %t.3.grad.ll
// RUN: clang -O3 -w %t.3.grad.ll -lm -o %t.3.bin
// RUN: %t.3.bin
// RUN: grep -q 'llvm.vector.reduce.fmul' %t.3.ll
#include <math.h>
#include <stdio.h>
extern double __enzyme_autodiff(void *, ...);
extern float __enzyme_autodiff_f(void *, ...) __asm__("__enzyme_autodiff");
extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;

// a sum, a maximum and a product, each vectorized into a reduction
double mixed(const double *x, int n) {
  double s = 0, m = -1e30, p = 1;
  for (int i = 0; i < n; i++) { s += x[i] * x[i]; m = fmax(m, x[i]); }
  for (int i = 0; i < 8; i++) p *= 1.0 + 0.1 * x[i];
  return s + 3 * m + p;
}
float sine_min(const float *x, int n) {
  float s = 0, m = 1e30f;
  for (int i = 0; i < n; i++) { s += sinf(x[i]); m = fminf(m, x[i]); }
  return s * m;
}

int main(void) {
  enum { N = 37 };
  double x[N], dx[N] = {0}, err = 0, ferr = 0;
  float xf[N], dxf[N] = {0}, errf = 0;
  for (int i = 0; i < N; i++) { x[i] = sin(i * 1.3) + 0.1 * i; xf[i] = (float)x[i]; }
  __enzyme_autodiff((void *)mixed, enzyme_dup, x, dx, enzyme_const, N);
  __enzyme_autodiff_f((void *)sine_min, enzyme_dup, xf, dxf, enzyme_const, N);
  for (int i = 0; i < N; i++) {
    double h = 1e-6, s = x[i];
    x[i] = s + h; double fp = mixed(x, N);
    x[i] = s - h; double fm = mixed(x, N);
    x[i] = s;
    err = fmax(err, fabs((fp - fm) / (2 * h) - dx[i]));
    double v[N] = {0};
    v[i] = 1;
    ferr = fmax(ferr, fabs(__enzyme_fwddiff((void *)mixed, enzyme_dup, x, v, enzyme_const, N) - dx[i]));
    float hf = 1e-2f, sf = xf[i];
    xf[i] = sf + hf; double gp = sine_min(xf, N);
    xf[i] = sf - hf; double gm = sine_min(xf, N);
    xf[i] = sf;
    errf = fmaxf(errf, fabs((gp - gm) / (2 * hf) - dxf[i]) / (1 + fabs(dxf[i])));
  }
  printf("reverse %g forward %g float %g\n", err, ferr, errf);
  return !(err < 1e-6 && ferr < 1e-9 && errf < 1e-3);
}
