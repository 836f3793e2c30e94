/* libm_cases.h - macros shared by the libm programs of the corpus
 * (forward/ and reverse/ libm_*.c and float_libm.c); the kernels and check
 * lists themselves are in kernels/libm_*.h and kernels/float_libm.h.
 *
 * Choose the mode first: the including program defines exactly one of
 *     #define CORPUS_FORWARD   (__enzyme_fwddiff entry points)
 *     #define CORPUS_REVERSE   (__enzyme_autodiff entry points)
 * before `#include "libm_cases.h"`.
 *
 *   DEF1(name, expr), DEF2(name, expr)
 *       define the kernel `double name(double x[, double y]) { return (expr); }`
 *       (non-static: it is differentiated by name) and its FD wrapper
 *       `static double eval_<name>(const double *p)`.
 *   T1(name, k, x0), T2(name, k, x0, y0)
 *       differentiate name at (x0[, y0]) with the mode's entry point and
 *       check against central FD (TOL_D): labels "<name>[k]" (T1),
 *       "<name>_dx[k]" and "<name>_dy[k]" (T2).
 *   DEF1F, DEF2F, T1F, T2F
 *       the same for float kernels (float FD, TOL_F).
 */
#ifndef ENZYME_CORPUS_LIBM_CASES_H
#define ENZYME_CORPUS_LIBM_CASES_H

#include "harness.h"

#if defined(CORPUS_FORWARD) == defined(CORPUS_REVERSE)
#error "define exactly one of CORPUS_FORWARD or CORPUS_REVERSE before including libm_cases.h"
#endif

/* ---- kernels and FD wrappers ------------------------------------------- */

#define DEF1(name, expr)                                                     \
  double name(double x) { return (expr); }                                   \
  static double eval_##name(const double *p) { return name(p[0]); }
#define DEF2(name, expr)                                                     \
  double name(double x, double y) { return (expr); }                         \
  static double eval_##name(const double *p) { return name(p[0], p[1]); }

#define DEF1F(name, expr)                                                    \
  float name(float x) { return (expr); }                                     \
  static float eval_##name(const float *p) { return name(p[0]); }
#define DEF2F(name, expr)                                                    \
  float name(float x, float y) { return (expr); }                            \
  static float eval_##name(const float *p) { return name(p[0], p[1]); }

#ifdef CORPUS_FORWARD
/* ---- forward mode ------------------------------------------------------- */

extern double __enzyme_fwddiff(void *, ...);

/* Scalar float arguments cannot go through "..." (C promotes them to
 * double), so the float entry points get exact prototypes, as Enzyme's own
 * float tests do; any suffix after __enzyme_fwddiff is allowed. */
extern float __enzyme_fwddifff(void *, float, float);
extern float __enzyme_fwddifff2(void *, float, float, float, float);

/* default activity: each floating arg is followed by its tangent */
#define T1(name, k, x0)                                                      \
  do {                                                                       \
    double p_[1] = {x0};                                                     \
    double d_ = __enzyme_fwddiff((void *)name, p_[0], 1.0);                  \
    checki(#name, k, d_, fd(eval_##name, p_, 1, 0), TOL_D);                  \
  } while (0)
#define T2(name, k, x0, y0)                                                  \
  do {                                                                       \
    double p_[2] = {x0, y0};                                                 \
    double dx_ = __enzyme_fwddiff((void *)name, p_[0], 1.0, p_[1], 0.0);     \
    double dy_ = __enzyme_fwddiff((void *)name, p_[0], 0.0, p_[1], 1.0);     \
    checki(#name "_dx", k, dx_, fd(eval_##name, p_, 2, 0), TOL_D);           \
    checki(#name "_dy", k, dy_, fd(eval_##name, p_, 2, 1), TOL_D);           \
  } while (0)

#define T1F(name, k, x0)                                                     \
  do {                                                                       \
    float p_[1] = {x0};                                                      \
    float d_ = __enzyme_fwddifff((void *)name, p_[0], 1.0f);                 \
    checki(#name, k, d_, fdf(eval_##name, p_, 1, 0), TOL_F);                 \
  } while (0)
#define T2F(name, k, x0, y0)                                                 \
  do {                                                                       \
    float p_[2] = {x0, y0};                                                  \
    float dx_ = __enzyme_fwddifff2((void *)name, p_[0], 1.0f, p_[1], 0.0f);  \
    float dy_ = __enzyme_fwddifff2((void *)name, p_[0], 0.0f, p_[1], 1.0f);  \
    checki(#name "_dx", k, dx_, fdf(eval_##name, p_, 2, 0), TOL_F);          \
    checki(#name "_dy", k, dy_, fdf(eval_##name, p_, 2, 1), TOL_F);          \
  } while (0)

#else
/* ---- reverse mode ------------------------------------------------------- */

typedef struct {
  double dx, dy;
} d2;
extern double __enzyme_autodiff(void *, ...);
extern d2 __enzyme_autodiff2(void *, ...);

/* Scalar float arguments cannot go through "..." (C promotes them to
 * double), so the float entry points get exact prototypes, as Enzyme's own
 * float tests do; any suffix after __enzyme_autodiff is allowed.  Two-argument
 * float functions are differentiated one argument at a time with
 * enzyme_const on the other (a struct of two floats would come back as
 * <2 x float>). */
extern int enzyme_const;
extern float __enzyme_autodifff(void *, float);
extern float __enzyme_autodifff_cy(void *, float, int, float);
extern float __enzyme_autodifff_cx(void *, int, float, float);

/* default activity: floating args are active (enzyme_out); one active arg
 * returns a double, two return a struct {d/dx, d/dy} */
#define T1(name, k, x0)                                                      \
  do {                                                                       \
    double p_[1] = {x0};                                                     \
    double d_ = __enzyme_autodiff((void *)name, p_[0]);                      \
    checki(#name, k, d_, fd(eval_##name, p_, 1, 0), TOL_D);                  \
  } while (0)
#define T2(name, k, x0, y0)                                                  \
  do {                                                                       \
    double p_[2] = {x0, y0};                                                 \
    d2 r_ = __enzyme_autodiff2((void *)name, p_[0], p_[1]);                  \
    checki(#name "_dx", k, r_.dx, fd(eval_##name, p_, 2, 0), TOL_D);         \
    checki(#name "_dy", k, r_.dy, fd(eval_##name, p_, 2, 1), TOL_D);         \
  } while (0)

#define T1F(name, k, x0)                                                     \
  do {                                                                       \
    float p_[1] = {x0};                                                      \
    float d_ = __enzyme_autodifff((void *)name, p_[0]);                      \
    checki(#name, k, d_, fdf(eval_##name, p_, 1, 0), TOL_F);                 \
  } while (0)
#define T2F(name, k, x0, y0)                                                 \
  do {                                                                       \
    float p_[2] = {x0, y0};                                                  \
    float dx_ = __enzyme_autodifff_cy((void *)name, p_[0], enzyme_const,     \
                                      p_[1]);                                \
    float dy_ = __enzyme_autodifff_cx((void *)name, enzyme_const, p_[0],     \
                                      p_[1]);                                \
    checki(#name "_dx", k, dx_, fdf(eval_##name, p_, 2, 0), TOL_F);          \
    checki(#name "_dy", k, dy_, fdf(eval_##name, p_, 2, 1), TOL_F);          \
  } while (0)

#endif /* CORPUS_FORWARD */

#endif /* ENZYME_CORPUS_LIBM_CASES_H */
