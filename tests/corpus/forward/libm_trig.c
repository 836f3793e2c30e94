/* forward/libm_trig.c - forward mode (__enzyme_fwddiff) of libm functions: sin cos tan asin acos atan atan2;
 * each function alone at two points and in a chain, checked against
 * central finite differences.
 * Kernels and check list: kernels/libm_trig.h; check macros: libm_cases.h. */
#define CORPUS_FORWARD
#include "libm_cases.h"
#include "kernels/libm_trig.h"

int main(void) {
  libm_trig_cases();
  return 0;
}
