/* kernels/libm_pow_misc.h - kernels f_* built on the libm functions pow sqrt
 * cbrt hypot erf erfc ldexp scalbn (each alone, and a chain combining them) and their
 * check list libm_pow_misc_cases(); shared by forward/libm_pow_misc.c and
 * reverse/libm_pow_misc.c.  The including program chooses the mode first
 * (CORPUS_FORWARD or CORPUS_REVERSE, see libm_cases.h).  The kernels are
 * non-static: they are differentiated by name. */
#ifndef ENZYME_CORPUS_KERNELS_LIBM_POW_MISC_H
#define ENZYME_CORPUS_KERNELS_LIBM_POW_MISC_H

#include "libm_cases.h"

DEF2(f_pow, pow(x, y))
DEF1(f_pow_const_exp, pow(x, 3.0))
DEF1(f_pow_const_base, pow(2.5, x))
DEF1(f_sqrt, sqrt(x))
DEF1(f_cbrt, cbrt(x))
DEF2(f_hypot, hypot(x, y))
DEF1(f_erf, erf(x))
DEF1(f_erfc, erfc(x))
DEF1(f_chain, sqrt(hypot(x, 2.0) + erf(x)) * cbrt(1.0 + x * x) + pow(erfc(0.5 * x), 1.5))
/* x * 2^n with n computed at run time (not folded into a multiply) */
DEF1(f_ldexp, ldexp(x * x, (int)(x > 0.0) * 3 - 1) + scalbn(sin(x), 2))

static void libm_pow_misc_cases(void) {
  T2(f_pow, 0, 1.7, 2.3);
  T2(f_pow, 1, 0.6, -1.5);
  T1(f_pow_const_exp, 0, -1.5);
  T1(f_pow_const_exp, 1, 2.0);
  T1(f_pow_const_base, 0, -0.5);
  T1(f_pow_const_base, 1, 1.3);
  T1(f_sqrt, 0, 2.0);
  T1(f_sqrt, 1, 0.3);
  T1(f_cbrt, 0, 2.0);
  T1(f_cbrt, 1, -3.0);
  T2(f_hypot, 0, 3.0, -4.0);
  T2(f_hypot, 1, 0.5, 1.2);
  T1(f_erf, 0, 0.3);
  T1(f_erf, 1, -1.1);
  T1(f_erfc, 0, 0.3);
  T1(f_erfc, 1, 1.4);
  T1(f_chain, 0, 0.7);
  T1(f_chain, 1, -0.9);
  T1(f_ldexp, 0, 0.7);
  T1(f_ldexp, 1, -1.3);
}

#endif /* ENZYME_CORPUS_KERNELS_LIBM_POW_MISC_H */
