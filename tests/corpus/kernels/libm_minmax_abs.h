/* kernels/libm_minmax_abs.h - kernels f_* built on the libm functions fmax
 * fmin fabs fmod (each alone, and a chain combining them) and their check
 * list libm_minmax_abs_cases(); shared by forward/libm_minmax_abs.c and
 * reverse/libm_minmax_abs.c.  The including program chooses the mode first
 * (CORPUS_FORWARD or CORPUS_REVERSE, see libm_cases.h).  The kernels are
 * non-static: they are differentiated by name. */
#ifndef ENZYME_CORPUS_KERNELS_LIBM_MINMAX_ABS_H
#define ENZYME_CORPUS_KERNELS_LIBM_MINMAX_ABS_H

#include "libm_cases.h"

DEF2(f_fmax, fmax(x, y))
DEF2(f_fmin, fmin(x, y))
DEF2(f_fmax_expr, fmax(x * x, 3.0 * y) * y)
DEF1(f_fabs, fabs(x))
DEF1(f_fabs_expr, fabs(sin(x)) * x)
DEF2(f_fmod, fmod(x, y))
DEF1(f_chain, fmax(x * x, 2.0 - x) + fmin(sin(x), 0.2 * x) * fabs(x - 3.0) + fmod(7.0 * x, 2.5))

static void libm_minmax_abs_cases(void) {
  T2(f_fmax, 0, 1.5, 0.3);
  T2(f_fmax, 1, -0.2, 0.9);
  T2(f_fmin, 0, 1.5, 0.3);
  T2(f_fmin, 1, -0.2, 0.9);
  T2(f_fmax_expr, 0, 1.5, 0.3);
  T2(f_fmax_expr, 1, 0.5, 0.9);
  T1(f_fabs, 0, -0.7);
  T1(f_fabs, 1, 1.3);
  T1(f_fabs_expr, 0, -0.7);
  T1(f_fabs_expr, 1, 4.0);
  T2(f_fmod, 0, 5.3, 1.7);
  T2(f_fmod, 1, -4.1, 1.5);
  T1(f_chain, 0, 0.8);
  T1(f_chain, 1, 2.3);
}

#endif /* ENZYME_CORPUS_KERNELS_LIBM_MINMAX_ABS_H */
