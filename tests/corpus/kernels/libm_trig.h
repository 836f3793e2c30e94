/* kernels/libm_trig.h - kernels f_* built on the libm functions sin cos tan
 * asin acos atan atan2 (each alone, and a chain combining them) and their
 * check list libm_trig_cases(); shared by forward/libm_trig.c and
 * reverse/libm_trig.c.  The including program chooses the mode first
 * (CORPUS_FORWARD or CORPUS_REVERSE, see libm_cases.h).  The kernels are
 * non-static: they are differentiated by name. */
#ifndef ENZYME_CORPUS_KERNELS_LIBM_TRIG_H
#define ENZYME_CORPUS_KERNELS_LIBM_TRIG_H

#include "libm_cases.h"

DEF1(f_sin, sin(x))
DEF1(f_cos, cos(x))
DEF1(f_tan, tan(x))
DEF1(f_asin, asin(x))
DEF1(f_acos, acos(x))
DEF1(f_atan, atan(x))
DEF2(f_atan2, atan2(x, y))
DEF1(f_chain, atan2(sin(x) * cos(x), 1.5 + tan(0.3 * x)) + asin(0.2 * x) * acos(0.1 * x) + atan(x * x))

static void libm_trig_cases(void) {
  T1(f_sin, 0, 0.4);
  T1(f_sin, 1, 2.1);
  T1(f_cos, 0, 0.4);
  T1(f_cos, 1, 2.1);
  T1(f_tan, 0, 0.3);
  T1(f_tan, 1, -1.0);
  T1(f_asin, 0, 0.3);
  T1(f_asin, 1, -0.6);
  T1(f_acos, 0, 0.3);
  T1(f_acos, 1, -0.6);
  T1(f_atan, 0, 0.5);
  T1(f_atan, 1, -2.0);
  T2(f_atan2, 0, 0.7, -1.2);
  T2(f_atan2, 1, -0.5, 0.9);
  T1(f_chain, 0, 0.8);
  T1(f_chain, 1, -1.3);
}

#endif /* ENZYME_CORPUS_KERNELS_LIBM_TRIG_H */
