/* reverse/float_libm.c - reverse mode (__enzyme_autodiff) of float functions and float libm
 * calls (sinf cosf tanf expf logf log1pf sqrtf cbrtf tanhf erff fabsf powf
 * atan2f hypotf fmaxf and a chain), checked against float central FD
 * (h = 1e-2, tolerance 1e-3). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"

/* Scalar float arguments cannot go through "..." (C promotes them to
 * double), so the entry points get exact prototypes, as Enzyme's own float
 * tests do; any suffix after __enzyme_autodiff is allowed.  Two-argument
 * functions are differentiated one argument at a time with enzyme_const on
 * the other (a struct of two floats would come back as <2 x float>). */
extern int enzyme_const;
extern float __enzyme_autodifff(void *, float);
extern float __enzyme_autodifff_cy(void *, float, int, float);
extern float __enzyme_autodifff_cx(void *, int, float, float);

#define DEF1(name, expr)                                                     \
  float name(float x) { return (expr); }                                     \
  static float eval_##name(const float *p) { return name(p[0]); }
#define DEF2(name, expr)                                                     \
  float name(float x, float y) { return (expr); }                            \
  static float eval_##name(const float *p) { return name(p[0], p[1]); }

#define T1(name, k, x0)                                                      \
  do {                                                                       \
    float p_[1] = {x0};                                                      \
    float d_ = __enzyme_autodifff((void *)name, p_[0]);                      \
    checki(#name, k, d_, fdf(eval_##name, p_, 1, 0), TOL_F);                 \
  } while (0)
#define T2(name, k, x0, y0)                                                  \
  do {                                                                       \
    float p_[2] = {x0, y0};                                                  \
    float dx_ = __enzyme_autodifff_cy((void *)name, p_[0], enzyme_const,     \
                                      p_[1]);                                \
    float dy_ = __enzyme_autodifff_cx((void *)name, enzyme_const, p_[0],     \
                                      p_[1]);                                \
    checki(#name "_dx", k, dx_, fdf(eval_##name, p_, 2, 0), TOL_F);          \
    checki(#name "_dy", k, dy_, fdf(eval_##name, p_, 2, 1), TOL_F);          \
  } while (0)

DEF1(f_sinf, sinf(x))
DEF1(f_cosf, cosf(x))
DEF1(f_tanf, tanf(x))
DEF1(f_expf, expf(x))
DEF1(f_logf, logf(x))
DEF1(f_log1pf, log1pf(x))
DEF1(f_sqrtf, sqrtf(x))
DEF1(f_cbrtf, cbrtf(x))
DEF1(f_tanhf, tanhf(x))
DEF1(f_erff, erff(x))
DEF1(f_fabsf, fabsf(x) * x)
DEF2(f_powf, powf(x, y))
DEF2(f_atan2f, atan2f(x, y))
DEF2(f_hypotf, hypotf(x, y))
DEF2(f_fmaxf, fmaxf(x, y) * y)
DEF1(f_chainf, sinf(x) * expf(-0.5f * x) + logf(1.0f + x * x) * sqrtf(2.0f + cosf(x)))

int main(void) {
  T1(f_sinf, 0, 0.4f);
  T1(f_sinf, 1, 2.1f);
  T1(f_cosf, 0, 1.1f);
  T1(f_tanf, 0, 0.3f);
  T1(f_expf, 0, 0.7f);
  T1(f_logf, 0, 2.5f);
  T1(f_log1pf, 0, 0.3f);
  T1(f_sqrtf, 0, 3.0f);
  T1(f_cbrtf, 0, 2.0f);
  T1(f_tanhf, 0, 0.6f);
  T1(f_erff, 0, 0.4f);
  T1(f_fabsf, 0, -0.7f);
  T2(f_powf, 0, 1.5f, 2.2f);
  T2(f_atan2f, 0, 0.7f, -1.2f);
  T2(f_hypotf, 0, 3.0f, 4.0f);
  T2(f_fmaxf, 0, 1.5f, 0.3f);
  T1(f_chainf, 0, 0.8f);
  T1(f_chainf, 1, -1.3f);
  return 0;
}
