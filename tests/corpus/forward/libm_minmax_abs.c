/* forward/libm_minmax_abs.c - forward mode (__enzyme_fwddiff) of libm functions: fmax fmin fabs fmod (evaluated away from their kinks);
 * each function alone at two points and in a chain, checked against
 * central finite differences.
 * Kernels and check list: kernels/libm_minmax_abs.h; check macros: libm_cases.h. */
#define CORPUS_FORWARD
#include "libm_cases.h"
#include "kernels/libm_minmax_abs.h"

int main(void) {
  libm_minmax_abs_cases();
  return 0;
}
