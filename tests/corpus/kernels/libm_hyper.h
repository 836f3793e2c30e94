/* kernels/libm_hyper.h - kernels f_* built on the libm functions sinh cosh
 * tanh asinh acosh atanh (each alone, and a chain combining them) and their
 * check list libm_hyper_cases(); shared by forward/libm_hyper.c and
 * reverse/libm_hyper.c.  The including program chooses the mode first
 * (CORPUS_FORWARD or CORPUS_REVERSE, see libm_cases.h).  The kernels are
 * non-static: they are differentiated by name. */
#ifndef ENZYME_CORPUS_KERNELS_LIBM_HYPER_H
#define ENZYME_CORPUS_KERNELS_LIBM_HYPER_H

#include "libm_cases.h"

DEF1(f_sinh, sinh(x))
DEF1(f_cosh, cosh(x))
DEF1(f_tanh, tanh(x))
DEF1(f_asinh, asinh(x))
DEF1(f_acosh, acosh(x))
DEF1(f_atanh, atanh(x))
DEF1(f_chain, tanh(sinh(0.5 * x)) + asinh(cosh(x)) * atanh(0.3 * tanh(x)) + acosh(1.0 + x * x))

static void libm_hyper_cases(void) {
  T1(f_sinh, 0, 0.4);
  T1(f_sinh, 1, -1.7);
  T1(f_cosh, 0, 0.4);
  T1(f_cosh, 1, -1.7);
  T1(f_tanh, 0, 0.4);
  T1(f_tanh, 1, -1.7);
  T1(f_asinh, 0, 0.4);
  T1(f_asinh, 1, -2.5);
  T1(f_acosh, 0, 1.5);
  T1(f_acosh, 1, 3.0);
  T1(f_atanh, 0, 0.3);
  T1(f_atanh, 1, -0.7);
  T1(f_chain, 0, 0.9);
  T1(f_chain, 1, -1.4);
}

#endif /* ENZYME_CORPUS_KERNELS_LIBM_HYPER_H */
