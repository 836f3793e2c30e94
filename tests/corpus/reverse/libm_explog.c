/* reverse/libm_explog.c - reverse mode (__enzyme_autodiff) of libm functions: exp exp2 expm1 log log1p log2 log10;
 * each function alone at two points and in a chain, checked against
 * central finite differences.
 * Kernels and check list: kernels/libm_explog.h; check macros: libm_cases.h. */
#define CORPUS_REVERSE
#include "libm_cases.h"
#include "kernels/libm_explog.h"

int main(void) {
  libm_explog_cases();
  return 0;
}
