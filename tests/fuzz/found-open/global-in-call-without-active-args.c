/* OPEN (found by the checkpointed-loop fuzzer, tests/fuzz/checkpoint.py: seeds 16, 77 and
 * 161 at O0-O3, 48 at O0, 54 and 190 at O1-O3, in the plain loop as much as in the
 * checkpointed one; shrunk programs in tests/fuzz/found/checkpoint/): a call to a function
 * that has no active argument (none at all, or only constant ones) but reads or writes a
 * global with a shadow is treated as inactive. Its reads give no adjoint to the global's
 * shadow and its writes are not differentiated: the gradient is silently wrong, in reverse
 * and forward mode, at every -O level. clang -O1 makes such calls by itself: a static
 * noinline `norm(g_w, 3)` loses its argument to IPSCCP and reads @g_w directly (seed 54).
 *
 *   clang-22 -O0 -S -emit-llvm global-in-call-without-active-args.c -o g.ll
 *   sed -i 's/^\(@g_w = .*\)$/\1, !enzyme_shadow !9999/' g.ll && echo '!9999 = !{ptr @d_g_w}' >> g.ll
 *   .venv/bin/python -m enzyme_opt g.ll -S -o g.ad.ll && clang-22 g.ad.ll -lm -o g && ./g
 *
 * prints on enzyme-opt f217011 (the same at -O1):
 *   reads:   d_g_w 0 (expect 2)
 *   writes:  d_g_w 2 (expect 1.8)
 *   forward: 1 (expect 0.9)
 *
 * Likely cause: enzyme_opt/analysis/activity.py, _is_varied: a DEFINED call is varied only
 * when `any(a in varied for a in inst.args)`, so get() is not varied though it loads from the
 * shadowed @g_w; and a void call with no varied argument (scale()) is skipped as inactive
 * (useful_values only follows varied arguments), though its call tree stores into @g_w.
 * Such a call is active when the callee's call tree reads (result) or writes (memory) a
 * global in global_shadows(module). */
#include <stdio.h>
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
double g_w[1] = {0.5};
double d_g_w[1];
__attribute__((noinline)) double get(void) { return g_w[0] * g_w[0]; }
__attribute__((noinline)) void scale(void) { g_w[0] = 0.9 * g_w[0]; }
__attribute__((noinline)) double f(double x) { return x * get(); }
__attribute__((noinline)) double h(double x) { scale(); return x * g_w[0]; }
int main(void) {
  __enzyme_autodiff((void *)f, 2.0);
  printf("reads:   d_g_w %g (expect %g)\n", d_g_w[0], 2.0 * 2 * 0.5);
  d_g_w[0] = 0;
  __enzyme_autodiff((void *)h, 2.0);
  printf("writes:  d_g_w %g (expect %g)\n", d_g_w[0], 2.0 * 0.9);
  g_w[0] = 0.5, d_g_w[0] = 1;
  printf("forward: %g (expect %g)\n", __enzyme_fwddiff((void *)h, 1.0, 0.0), 0.9);
  return 0;
}
