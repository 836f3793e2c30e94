// The derivatives of CUDA device math beyond libm (rsqrt, normcdf, erfinv, sinpi …) and of
// CUDA's intrinsics (__expf is __nv_fast_expf, __dadd_ru is __nv_dadd_ru …), checked
// numerically on the CPU: the functions are declared here, as in device code, and host
// versions are linked after AD (Inputs/libdevice-on-host.c). Reverse and forward mode,
// against central differences, at -O0 and -O2. sincos (libdevice's and GNU libm's) writes
// its two results through pointers: it becomes a sine and a cosine before AD. A function of the user's own named rsqrt is
// differentiated through its body, not given the rule.
// RUN: clang -O0 -Xclang -disable-O0-optnone -S -emit-llvm %s -o %t.O0.ll
// RUN: clang -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: enzyme-opt %t.O0.ll -S -o %t.O0.out.ll
// RUN: enzyme-opt %t.O2.ll -S -o %t.O2.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t.O2.out.ll
// RUN: clang %t.O0.out.ll %S/../Inputs/libdevice-on-host.c -lm -o %t.O0.bin
// RUN: clang -O2 %t.O2.out.ll %S/../Inputs/libdevice-on-host.c -lm -o %t.O2.bin
// RUN: %t.O0.bin | FileCheck %s
// RUN: %t.O2.bin | FileCheck %s
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern float __enzyme_autodifff(void *, ...);
extern float __enzyme_fwddifff(void *, ...);
extern int enzyme_const, enzyme_dup;

double __nv_rsqrt(double), __nv_rcbrt(double), __nv_sinpi(double), __nv_cospi(double);
double __nv_normcdf(double), __nv_erfinv(double), __nv_erfcinv(double);
double __nv_normcdfinv(double), __nv_erfcx(double), __nv_rhypot(double, double);
double __nv_fdim(double, double), __nv_remainder(double, double), __nv_j1(double);
double __nv_y1(double);
void __nv_sincos(double, double *, double *), __nv_sincospi(double, double *, double *);
float __nv_fast_expf(float), __nv_fast_sinf(float), __nv_fast_powf(float, float);
float __nv_fast_fdividef(float, float), __nv_frcp_rn(float), __nv_frsqrt_rn(float);
float __nv_fmaf_rz(float, float, float);
double __nv_dadd_ru(double, double), __nv_dsqrt_rd(double);

double rsqrt(double x) { return 2.0 * x; }  // the user's own: not the rule

double f(double x, double y) {
  double s, c, sp, cp, s2, c2;
  __nv_sincos(x * y, &s, &c);
  __nv_sincospi(x, &sp, &cp);
  sincos(y, &s2, &c2);  // GNU libm's
  return s * c + sp * cp + s2 / (2 + c2) + __nv_rsqrt(x + 2) + __nv_rcbrt(x + 3) * y + __nv_sinpi(x * y) + __nv_cospi(x)
         + __nv_normcdf(x - y) + __nv_erfinv(x / 3) + __nv_erfcinv(0.9 + x / 5)
         + __nv_normcdfinv(0.5 + x / 4) + __nv_erfcx(x) + __nv_rhypot(x, y)
         + __nv_fdim(x, y) + __nv_remainder(x * 7, y + 2) + __nv_j1(x + y) + __nv_y1(x + 2)
         + __nv_dadd_ru(x, y * y) + __nv_dsqrt_rd(x * x + y) + rsqrt(y);
}
float g(float x, float y) {
  return __nv_fast_expf(x * y) + __nv_fast_sinf(x) + __nv_fast_powf(x + 2, y)
         + __nv_fast_fdividef(x, y + 3) + __nv_frcp_rn(x + 4) + __nv_frsqrt_rn(y + 5)
         + __nv_fmaf_rz(x, y, x);
}

// IR-LABEL: define internal double @diffef(
// IR-LABEL: define internal {{.*}} @reverse_f(
// IR-DAG: call double @llvm.exp.f64(
// IR-DAG: call double @cospi(
// IR-DAG: call double @sinpi(
// IR-DAG: call double @j0(
// IR-DAG: call double @y0(
// IR-NOT: call double @rsqrt(
// IR-LABEL: define

static int close(const char *what, double got, double expected, double tol) {
  if (fabs(got - expected) <= tol * (1 + fabs(expected)))
    return 1;
  printf("%s: %.10g, expected %.10g\n", what, got, expected);
  return 0;
}

int main(void) {
  int ok = 1;
  double points[3][2] = {{0.3, 0.7}, {-0.4, 1.3}, {0.9, 0.2}};
  for (int k = 0; k < 3; k++) {
    double x = points[k][0], y = points[k][1], h = 1e-6;
    double dfx = (f(x + h, y) - f(x - h, y)) / (2 * h), dfy = (f(x, y + h) - f(x, y - h)) / (2 * h);
    ok &= close("f reverse x", __enzyme_autodiff((void *)f, x, enzyme_const, y), dfx, 1e-6);
    ok &= close("f reverse y", __enzyme_autodiff((void *)f, enzyme_const, x, y), dfy, 1e-6);
    ok &= close("f forward", __enzyme_fwddiff((void *)f, x, 1.0, y, 2.0), dfx + 2 * dfy, 1e-6);
    float hf = 1e-2f, xf = (float)x, yf = (float)y;
    double dgx = (g(xf + hf, yf) - g(xf - hf, yf)) / (2 * hf);
    double dgy = (g(xf, yf + hf) - g(xf, yf - hf)) / (2 * hf);
    ok &= close("g reverse x", __enzyme_autodifff((void *)g, xf, enzyme_const, yf), dgx, 2e-3);
    ok &= close("g reverse y", __enzyme_autodifff((void *)g, enzyme_const, xf, yf), dgy, 2e-3);
    ok &= close("g forward", __enzyme_fwddifff((void *)g, xf, 1.0f, yf, 0.0f), dgx, 2e-3);
  }
  printf("%s\n", ok ? "libdevice rules: ok" : "libdevice rules: WRONG");
  return 0;
}
// CHECK: libdevice rules: ok
