// A checkpointed (or fixed-point) loop whose state is a local variable of the
// differentiated function: the loop's reverse pass runs steps again after the
// augmented function has returned, so the local must outlive it. It used to stay on
// the augmented function's stack, dead when the reverse pass wrote into it
// (AddressSanitizer: stack-use-after-scope; without ASan the numbers were right only
// while nothing reused that stack). Now it is malloc'd in the augmented function and
// freed by the reverse sweep. ASan build from IR that carries sanitize_address.
// RUN: clang -O1 -fsanitize=address -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o %t.out.ll
// RUN: clang -fsanitize=address -O1 -Wno-override-module %t.out.ll -lm -o %t.asan
// RUN: env ASAN_OPTIONS=detect_stack_use_after_return=1 %t.asan | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
#include "../Inputs/checkpoint_schemes.h"
#include <math.h>
#include <stdio.h>
double __enzyme_autodiff(void *, ...);
extern int enzyme_fp_state;
void __enzyme_fixed_point(void *, ...);

static void step(int64_t i, double *s, const double *k) {
  s[0] = sin(s[0]) * k[0] + s[1];
  s[1] = 0.5 * s[1];
}
static int64_t segments = 4;
__attribute__((noinline)) double checkpointed(const double *k) {
  double s[2] = {0.3, k[0]};
  __enzyme_checkpoint_for((void *)step, 0, 20, enzyme_scheme, &ckpt_periodic,
                          (void *)&segments, enzyme_checkpoint_region, s, sizeof(s), s, k);
  return s[0] * s[1] + s[0];
}
__attribute__((noinline)) double plain(const double *k) {
  double s[2] = {0.3, k[0]};
  for (int i = 0; i < 20; i++)
    step(i, s, k);
  return s[0] * s[1] + s[0];
}

static int contract(int64_t i, double *s, const double *k) {
  double next = 0.5 * cos(*s) + k[0];
  int going = fabs(next - *s) > 1e-15;
  *s = next;
  return going;
}
__attribute__((noinline)) double fixed(const double *k) {
  double s = 0;
  __enzyme_fixed_point((void *)contract, enzyme_fp_state, &s, (int64_t)sizeof s, &s, k);
  return s;
}

int main(void) {
  double k = 0.7, dk = 0, dk0 = 0, dfix = 0;
  __enzyme_autodiff((void *)checkpointed, &k, &dk);
  __enzyme_autodiff((void *)plain, &k, &dk0);
  printf("checkpointed %s\n", fabs(dk - dk0) <= 1e-12 * fabs(dk0) ? "ok" : "WRONG");
  __enzyme_autodiff((void *)fixed, &k, &dfix);
  double s = fixed(&k);
  printf("fixed point %s\n", fabs(dfix - 1 / (1 + 0.5 * sin(s))) < 1e-5 ? "ok" : "WRONG");
  return 0;
}
// CHECK: checkpointed ok
// CHECK: fixed point ok
