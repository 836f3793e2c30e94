/* kernels/float_libm.h - float kernels f_* built on the libm functions sinf
 * cosf tanf expf logf log1pf sqrtf cbrtf tanhf erff fabsf powf atan2f hypotf
 * fmaxf (each alone, and a chain combining them) and their check list
 * float_libm_cases(); shared by forward/float_libm.c and
 * reverse/float_libm.c.  The including program chooses the mode first
 * (CORPUS_FORWARD or CORPUS_REVERSE, see libm_cases.h).  The kernels are
 * non-static: they are differentiated by name. */
#ifndef ENZYME_CORPUS_KERNELS_FLOAT_LIBM_H
#define ENZYME_CORPUS_KERNELS_FLOAT_LIBM_H

#include "libm_cases.h"

DEF1F(f_sinf, sinf(x))
DEF1F(f_cosf, cosf(x))
DEF1F(f_tanf, tanf(x))
DEF1F(f_expf, expf(x))
DEF1F(f_logf, logf(x))
DEF1F(f_log1pf, log1pf(x))
DEF1F(f_sqrtf, sqrtf(x))
DEF1F(f_cbrtf, cbrtf(x))
DEF1F(f_tanhf, tanhf(x))
DEF1F(f_erff, erff(x))
DEF1F(f_fabsf, fabsf(x) * x)
DEF2F(f_powf, powf(x, y))
DEF2F(f_atan2f, atan2f(x, y))
DEF2F(f_hypotf, hypotf(x, y))
DEF2F(f_fmaxf, fmaxf(x, y) * y)
DEF1F(f_chainf, sinf(x) * expf(-0.5f * x) + logf(1.0f + x * x) * sqrtf(2.0f + cosf(x)))

static void float_libm_cases(void) {
  T1F(f_sinf, 0, 0.4f);
  T1F(f_sinf, 1, 2.1f);
  T1F(f_cosf, 0, 1.1f);
  T1F(f_tanf, 0, 0.3f);
  T1F(f_expf, 0, 0.7f);
  T1F(f_logf, 0, 2.5f);
  T1F(f_log1pf, 0, 0.3f);
  T1F(f_sqrtf, 0, 3.0f);
  T1F(f_cbrtf, 0, 2.0f);
  T1F(f_tanhf, 0, 0.6f);
  T1F(f_erff, 0, 0.4f);
  T1F(f_fabsf, 0, -0.7f);
  T2F(f_powf, 0, 1.5f, 2.2f);
  T2F(f_atan2f, 0, 0.7f, -1.2f);
  T2F(f_hypotf, 0, 3.0f, 4.0f);
  T2F(f_fmaxf, 0, 1.5f, 0.3f);
  T1F(f_chainf, 0, 0.8f);
  T1F(f_chainf, 1, -1.3f);
}

#endif /* ENZYME_CORPUS_KERNELS_FLOAT_LIBM_H */
