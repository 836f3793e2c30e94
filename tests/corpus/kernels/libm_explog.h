/* kernels/libm_explog.h - kernels f_* built on the libm functions exp exp2
 * expm1 log log1p log2 log10 (each alone, and a chain combining them) and
 * their check list libm_explog_cases(); shared by forward/libm_explog.c and
 * reverse/libm_explog.c.  The including program chooses the mode first
 * (CORPUS_FORWARD or CORPUS_REVERSE, see libm_cases.h).  The kernels are
 * non-static: they are differentiated by name. */
#ifndef ENZYME_CORPUS_KERNELS_LIBM_EXPLOG_H
#define ENZYME_CORPUS_KERNELS_LIBM_EXPLOG_H

#include "libm_cases.h"

DEF1(f_exp, exp(x))
DEF1(f_exp2, exp2(x))
DEF1(f_expm1, expm1(x))
DEF1(f_log, log(x))
DEF1(f_log1p, log1p(x))
DEF1(f_log2, log2(x))
DEF1(f_log10, log10(x))
DEF1(f_chain, log(1.0 + exp(x)) + log1p(x * x) * expm1(0.5 * x) + log2(exp2(x) + 1.0) - log10(x * x + 2.0))

static void libm_explog_cases(void) {
  T1(f_exp, 0, 0.5);
  T1(f_exp, 1, -2.0);
  T1(f_exp2, 0, 1.3);
  T1(f_exp2, 1, -0.7);
  T1(f_expm1, 0, 0.01);
  T1(f_expm1, 1, 1.5);
  T1(f_log, 0, 0.5);
  T1(f_log, 1, 3.0);
  T1(f_log1p, 0, 0.2);
  T1(f_log1p, 1, -0.5);
  T1(f_log2, 0, 0.7);
  T1(f_log2, 1, 5.0);
  T1(f_log10, 0, 0.3);
  T1(f_log10, 1, 12.0);
  T1(f_chain, 0, 0.6);
  T1(f_chain, 1, -1.2);
}

#endif /* ENZYME_CORPUS_KERNELS_LIBM_EXPLOG_H */
