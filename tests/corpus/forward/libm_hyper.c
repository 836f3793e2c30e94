/* forward/libm_hyper.c - forward mode (__enzyme_fwddiff) of libm functions: sinh cosh tanh asinh acosh atanh;
 * each function alone at two points and in a chain, checked against
 * central finite differences.
 * Kernels and check list: kernels/libm_hyper.h; check macros: libm_cases.h. */
#define CORPUS_FORWARD
#include "libm_cases.h"
#include "kernels/libm_hyper.h"

int main(void) {
  libm_hyper_cases();
  return 0;
}
