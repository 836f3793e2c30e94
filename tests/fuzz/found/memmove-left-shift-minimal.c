/* FOUND (reduced by hand from the C++ fuzzer's memmove findings, e.g. memmove-erase-131-O0.cpp):
 * the reverse of an overlapping memmove with dst < src is wrong at any -O level, from C too.
 *   clang-22 -O0 -S -emit-llvm memmove-left-shift-minimal.c -o m.ll && .venv/bin/python -m enzyme_opt m.ll -S -o m.ad.ll && lli-22 m.ad.ll
 * prints "expect 0 10 100 0 0: 0 0 0 0 110" on enzyme-opt 03a1dc8: every adjoint of the moved range
 * cascades to the last source element (enzyme_opt/ad/helpers.py memcpy_adjoint walks upwards). */
#include <stdio.h>
#include <string.h>
extern double __enzyme_autodiff(void *, ...);
extern int enzyme_dup;
double f(double *x) {
  double v[5];
  memcpy(v, x, sizeof v);
  memmove(v, v + 1, 4 * sizeof(double));   /* erase v[0]: v = x1 x2 x3 x4 x4 */
  return 10 * v[0] + 100 * v[1];            /* = 10 x1 + 100 x2 */
}
int main(void) {
  double x[5] = {1, 2, 3, 4, 5}, dx[5] = {0};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx);
  printf("expect 0 10 100 0 0: %g %g %g %g %g\n", dx[0], dx[1], dx[2], dx[3], dx[4]);
  return 0;
}
