/* OPEN (found by the checkpointed-loop fuzzer, tests/fuzz/checkpoint.py seed 174 at O2 and
 * O3, in its plain loop `for (t...) step(t, u, w, k)`; the checkpointed loop, whose step is
 * not inlined, was right): at -O2 a one-double memcpy(u, w) in a loop becomes
 * `load i64 ptr %w` / `store i64 ptr %u`, and the last copy's i64 reaches the return through
 * a phi and `bitcast i64 to double`. enzyme-opt neither differentiates that move nor refuses
 * it: the derivative through w is silently lost, in reverse and forward mode (at -O0 and -O1,
 * where the move is a double, it is right). Seed 69 at O2/O3 is the other direction, in the
 * step itself: `memcpy(u, w, 8)` in a branch becomes `phi i64 [load i64 w, bitcast double
 * %w0 to i64]` stored into u as an i64; u's later double loads get no derivative from w.
 *
 *   clang-22 -O2 -S -emit-llvm float-as-i64-through-phi-O2.c -o i.ll
 *   .venv/bin/python -m enzyme_opt i.ll -S -o i.ad.ll && clang-22 i.ad.ll -lm -o i && ./i
 *
 * prints on enzyme-opt f217011:
 *   reverse: du 0 dw 0 (expect 0 6)
 *   forward: 0 (expect 6)
 *
 * Likely cause: the i64 value is typed as a float only when a bitcast to double uses it
 * directly (or a !tbaa double tag says so); here the bitcast takes a phi of two i64 loads
 * (`%26 = phi i64 [%38, ...], [%24, ...]; %27 = bitcast i64 %26 to double`), so the loads
 * stay integers: inactive, and the i64 store into u does not move w's shadow. Either follow
 * the bitcast back through phis/selects when typing the loads (and move the shadows as the
 * memcpy would), or refuse the shape (docs/testing.md: an active float's bits moved as
 * integers is meant to be a refusal, 445d0f9). */
#include <stdio.h>
#include <string.h>
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
/* Every step copies w into u; on odd steps u[0] is doubled first (dead: the copy overwrites it,
   but it keeps the copy inside the loop). */
__attribute__((noinline)) double f(double *u, double *w, long n) {
  for (long t = 0; t < n; t++) {
    if (t % 2)
      u[0] *= 2;
    memcpy(u, w, sizeof(double));
  }
  return u[0] * w[0];
}
int main(void) {
  double u[1] = {1.0}, du[1] = {0}, w[1] = {3.0}, dw[1] = {0};
  __enzyme_autodiff((void *)f, u, du, w, dw, 2L);
  printf("reverse: du %g dw %g (expect 0 6)\n", du[0], dw[0]);
  u[0] = 1.0, du[0] = 0, dw[0] = 1;
  printf("forward: %g (expect 6)\n", __enzyme_fwddiff((void *)f, u, du, w, dw, 2L));
  return 0;
}
