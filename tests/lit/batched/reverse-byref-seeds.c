// Batched reverse mode with the differential return passed by reference: at enzyme_width W
// the pointer holds all W seeds, and N is their size (W values); N = the size of one value
// is refused rather than guessed. It used to load one double and pass it where the
// derivative takes [2 x double]: lane 1's seed was whatever the register held (found by
// hand while the fuzzer's batched checks were written). Combined and split mode, -O0/-O2.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O0 -DONE_VALUE -S -emit-llvm %s -o %t1.ll
// RUN: not enzyme-opt %t1.ll -S -o %t1.out.ll 2>&1 | FileCheck %s --check-prefix=ERR
#include <stdio.h>
extern int enzyme_width, enzyme_byref, enzyme_noret;
typedef struct { double d[2]; } lanes2;
lanes2 __enzyme_autodiff(void *, ...);
lanes2 __enzyme_reverse2(void *, ...);
void *__enzyme_augmentfwd(void *, ...);
double f(double x) { return x * x * x; }
#ifdef ONE_VALUE
#define SEED_BYTES sizeof(double)
#else
#define SEED_BYTES sizeof(double[2])
#endif
int main(void) {
  double seeds[2] = {1.0, -3.0};
  lanes2 r = __enzyme_autodiff((void *)f, enzyme_width, 2, 2.0, enzyme_byref, SEED_BYTES, seeds);
  printf("combined %g %g\n", r.d[0], r.d[1]);
  void *t = __enzyme_augmentfwd((void *)f, enzyme_width, 2, enzyme_noret, 2.0);
  lanes2 s = __enzyme_reverse2((void *)f, enzyme_width, 2, 2.0, enzyme_byref, SEED_BYTES, seeds, t);
  printf("split %g %g\n", s.d[0], s.d[1]);
  return 0;
}
// f' = 3x² = 12, times each seed:
// CHECK: combined 12 -36
// CHECK-NEXT: split 12 -36
// ERR: enzyme-opt: error: {{.*}}'enzyme_byref, 8' for the differential return of width 2 (its 2 seeds), but [2 x double] has 16 bytes
