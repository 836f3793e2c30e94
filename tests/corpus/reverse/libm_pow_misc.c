/* reverse/libm_pow_misc.c - reverse mode (__enzyme_autodiff) of libm functions: pow sqrt cbrt hypot erf erfc;
 * each function alone at two points and in a chain, checked against
 * central finite differences.
 * Kernels and check list: kernels/libm_pow_misc.h; check macros: libm_cases.h. */
#define CORPUS_REVERSE
#include "libm_cases.h"
#include "kernels/libm_pow_misc.h"

int main(void) {
  libm_pow_misc_cases();
  return 0;
}
