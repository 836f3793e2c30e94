/* reverse/libm_hyper.c - reverse mode (__enzyme_autodiff) of libm functions: sinh cosh tanh asinh acosh atanh;
 * each function alone at two points and in a chain, checked against
 * central finite differences.
 * Kernels and check list: kernels/libm_hyper.h; check macros: libm_cases.h. */
#define CORPUS_REVERSE
#include "libm_cases.h"
#include "kernels/libm_hyper.h"

int main(void) {
  libm_hyper_cases();
  return 0;
}
