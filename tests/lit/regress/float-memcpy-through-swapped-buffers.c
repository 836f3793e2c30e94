// Regression (issue 9, found by the C fuzzer: seed 404 at -O2): a float stencil over
// buffers swapped through pointers. At -O2 the copy of x into the first buffer is a memcpy
// of n floats; no load of that buffer can be traced through the pointer phis, so the
// memcpy's adjoint fell back to double elements: 28 bytes as 3 doubles, and dx[6] stayed 0.
// The memcpy's own !tbaa tag ("float") now says what it moves.
// RUN: clang -O2 -DSTEPS=5 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o %t.grad.ll
// RUN: clang -O2 -w %t.grad.ll -lm -o %t.bin
// RUN: %t.bin
#include <math.h>
#include <stdio.h>
extern double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;
typedef float real;
__attribute__((noinline)) real f(real *x, real *out, int n) {
  real bufa[7], bufb[7];
  real *cur = bufa, *nxt = bufb;
  for (int i = 0; i < n; i++) cur[i] = x[i];
  for (int s = 0; s < STEPS; s++) {
    for (int i = 0; i < n; i++)
      nxt[i] = cur[i] + 0.1 * (cur[(i + n - 1) % n] - 2 * cur[i] + cur[(i + 1) % n]) + 0.05 * tanhf(cur[i]);
    real *swap = cur; cur = nxt; nxt = swap;
  }
  out[2] = 0.5 * out[2] + 0.3 * cur[2];
  return 0;
}
static double L(const real *x0) { real x[7], out[3] = {0}; for (int i = 0; i < 7; i++) x[i] = x0[i]; f(x, out, 7); return out[2]; }
int main(void) {
  real x[7] = {0.1, -0.3, 0.5, 0.2, -0.7, 0.4, 0.9}, dx[7] = {0}, out[3] = {0}, dout[3] = {0, 0, 1};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, out, dout, enzyme_const, 7);
  int bad = 0;
  for (int i = 0; i < 7; i++) {
    real xp[7], xm[7]; for (int j = 0; j < 7; j++) xp[j] = xm[j] = x[j];
    real h = 1e-2; xp[i] += h; xm[i] -= h;
    double fd = (L(xp) - L(xm)) / (2 * h);
    if (fabs(fd - dx[i]) > 1e-3) { printf("WRONG dx[%d]=%g fd=%g\n", i, dx[i], fd); bad = 1; }
  }
  return bad;
}
