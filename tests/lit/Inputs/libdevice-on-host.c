/* Host versions of the libdevice functions tests/lit/reverse/libdevice-rules.c calls, so the
 * rules for them (and for CUDA's intrinsics) can be checked numerically on a CPU. */
#define _GNU_SOURCE
#include <math.h>
#define PI 3.14159265358979323846
double __nv_rsqrt(double x) { return 1 / sqrt(x); }
double __nv_rcbrt(double x) { return 1 / cbrt(x); }
double __nv_sinpi(double x) { return sin(PI * x); }
double __nv_cospi(double x) { return cos(PI * x); }
double sinpi(double x) { return sin(PI * x); }
double cospi(double x) { return cos(PI * x); }
double __nv_normcdf(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }
double __nv_erfinv(double p) { /* Newton on erf */
  double x = 0;
  for (int k = 0; k < 60; k++) x -= (erf(x) - p) / (2 / sqrt(PI) * exp(-x * x));
  return x;
}
double __nv_erfcinv(double q) { return __nv_erfinv(1 - q); }
double __nv_normcdfinv(double p) { return sqrt(2.0) * __nv_erfinv(2 * p - 1); }
double __nv_erfcx(double x) { return exp(x * x) * erfc(x); }
double __nv_rhypot(double a, double b) { return 1 / hypot(a, b); }
double __nv_fdim(double a, double b) { return fdim(a, b); }
double __nv_remainder(double a, double b) { return remainder(a, b); }
double __nv_j1(double x) { return j1(x); }
double __nv_y1(double x) { return y1(x); }
float __nv_fast_expf(float x) { return expf(x); }
float __nv_fast_sinf(float x) { return sinf(x); }
float __nv_fast_powf(float a, float b) { return powf(a, b); }
float __nv_fast_fdividef(float a, float b) { return a / b; }
float __nv_frcp_rn(float x) { return 1 / x; }
float __nv_fmaf_rz(float a, float b, float c) { return fmaf(a, b, c); }
double __nv_dadd_ru(double a, double b) { return a + b; }
double __nv_dsqrt_rd(double x) { return sqrt(x); }
float __nv_frsqrt_rn(float x) { return 1 / sqrtf(x); }
void __nv_sincos(double x, double *s, double *c) { *s = sin(x), *c = cos(x); }
void __nv_sincospi(double x, double *s, double *c) { *s = sin(PI * x), *c = cos(PI * x); }
double __nv_sin(double x) { return sin(x); }
double __nv_cos(double x) { return cos(x); }
