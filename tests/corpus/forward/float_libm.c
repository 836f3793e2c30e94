/* forward/float_libm.c - forward mode (__enzyme_fwddiff) of float functions and float libm
 * calls (sinf cosf tanf expf logf log1pf sqrtf cbrtf tanhf erff fabsf powf
 * atan2f hypotf fmaxf and a chain), checked against float central FD
 * (h = 1e-2, tolerance 1e-3).
 * Kernels and check list: kernels/float_libm.h; check macros: libm_cases.h. */
#define CORPUS_FORWARD
#include "libm_cases.h"
#include "kernels/float_libm.h"

int main(void) {
  float_libm_cases();
  return 0;
}
