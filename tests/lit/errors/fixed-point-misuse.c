// __enzyme_fixed_point refused in one line, never a guessed derivative: a write after
// the loop to memory the step reads (the reverse half runs the step again on memory as
// it is then; writing the state itself is fine, the reverse half keeps a copy), a
// call without a state, a state the step never reads as floating point, and split mode
// (the program may change memory between the two sweeps); __enzyme_set_fixed_point
// outside a loop, in a loop with a second exit, and in a loop LLVM optimized (its
// variables in registers: the clang-plugin flow outlines it before).
// RUN: clang -O1 -g -DLATER_WRITE -S -emit-llvm %s -o %t1.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t1.ll -S -o %t.out | FileCheck %s --check-prefix=LATER
// RUN: clang -O1 -g -DNO_STATE -S -emit-llvm %s -o %t2.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t2.ll -S -o %t.out | FileCheck %s --check-prefix=STATE
// RUN: clang -O1 -g -DINTEGER_STATE -S -emit-llvm %s -o %t3.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t3.ll -S -o %t.out | FileCheck %s --check-prefix=TYPE
// RUN: clang -O1 -g -DSPLIT -S -emit-llvm %s -o %t4.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t4.ll -S -o %t.out | FileCheck %s --check-prefix=SPLIT
// RUN: clang -O0 -g -DMARK_OUTSIDE -S -emit-llvm %s -o %t5.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t5.ll -S -o %t.out | FileCheck %s --check-prefix=OUTSIDE
// RUN: clang -O0 -g -DMARK_BREAK -S -emit-llvm %s -o %t6.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t6.ll -S -o %t.out | FileCheck %s --check-prefix=BREAK
// RUN: clang -O2 -g -DMARK_REGISTERS -S -emit-llvm %s -o %t7.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t7.ll -S -o %t.out | FileCheck %s --check-prefix=REGISTERS
// RUN: clang -O1 -g -S -emit-llvm %s -o %t.ok.ll
// RUN: enzyme-opt %t.ok.ll -S -o %t.ok.out
// LATER: enzyme-opt: error: {{.*}}fixed-point-misuse.c:55, in function @f: this writes memory after the fixed-point loop of @step {{.*}}: do it before the loop, or after the gradient call
// STATE: enzyme-opt: error: {{.*}}fixed-point-misuse.c:{{.*}} __enzyme_fixed_point needs at least one enzyme_fp_state, pointer, bytes
// SPLIT: enzyme-opt: error: {{.*}}fixed-point-misuse.c:{{.*}} a fixed-point loop (__enzyme_fixed_point) cannot be differentiated in split mode
// OUTSIDE: enzyme-opt: error: {{.*}}fixed-point-misuse.c:{{.*}} __enzyme_set_fixed_point is not inside a loop
// BREAK: enzyme-opt: error: {{.*}}fixed-point-misuse.c:{{.*}} the loop marked with __enzyme_set_fixed_point must have one exit
// REGISTERS: enzyme-opt: error: {{.*}}fixed-point-misuse.c:{{.*}}loop marked with __enzyme_set_fixed_point {{.*}}: outline it before LLVM optimizes: run the clang-plugin flow
// TYPE: enzyme-opt: error: {{.*}}fixed-point-misuse.c:{{.*}} cannot tell whether the state of __enzyme_fixed_point holds doubles or floats
#include <math.h>
#include <stdint.h>
extern int enzyme_fp_state;
void __enzyme_fixed_point(void *, ...);
double __enzyme_autodiff(void *, ...);
__attribute__((noinline)) static int step(int64_t i, double *s, double *k) {
  double next = 0.5 * sin(s[0]) + k[0];
  int going = fabs(next - s[0]) > 1e-14;
  s[0] = next;
  return going;
}
__attribute__((noinline)) static int count(int64_t i, long *n, double *k) { return ++*n < 5; }
double f(double *s, double *k) {
#if defined(NO_STATE)
  __enzyme_fixed_point((void *)step, s, k);
#elif defined(INTEGER_STATE)
  long n = 0;
  __enzyme_fixed_point((void *)count, enzyme_fp_state, &n, (int64_t)sizeof(n), &n, k);
#else
  __enzyme_fixed_point((void *)step, enzyme_fp_state, s, (int64_t)sizeof(double), s, k);
#endif
  double result = s[0] * s[0];
  s[0] = 0;   // the state: allowed
#ifdef LATER_WRITE
  k[0] = 0;
#endif
  return result;
}
double g(double *s, double *ds, double *k, double *dk) {
  return __enzyme_autodiff((void *)f, s, ds, k, dk);
}
#ifdef SPLIT
void *__enzyme_augmentfwd(void *, ...);
void *h(double *s, double *ds, double *k, double *dk) {
  return __enzyme_augmentfwd((void *)f, s, ds, k, dk);
}
#endif
#if defined(MARK_OUTSIDE) || defined(MARK_BREAK) || defined(MARK_REGISTERS)
void __enzyme_set_fixed_point(double, int64_t, void *, ...);
double marked(double *s, double *k) {
  double change = 1;
#ifdef MARK_OUTSIDE
  __enzyme_set_fixed_point(-1.0, (int64_t)-1, (void *)0, s, (int64_t)sizeof(double));
  s[0] = 0.5 * sin(s[0]) + k[0];
#else
  for (int i = 0; change > 1e-14; i++) {
    __enzyme_set_fixed_point(-1.0, (int64_t)-1, (void *)0, s, (int64_t)sizeof(double));
    double next = 0.5 * sin(s[0]) + k[0];
    change = fabs(next - s[0]);
    s[0] = next;
#ifdef MARK_BREAK
    if (i > 100)
      break;
#endif
  }
#endif
  return s[0];
}
double dmarked(double *s, double *ds, double *k, double *dk) {
  return __enzyme_autodiff((void *)marked, s, ds, k, dk);
}
#endif
