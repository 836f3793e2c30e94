// __enzyme_set_fixed_point: a loop marked from inside as a fixed-point iteration is
// outlined (its body becomes the step of an __enzyme_fixed_point) before LLVM optimizes,
// in the clang-plugin flow at -O0..-O3 (at -O2 LLVM would otherwise unroll the counted
// loop). Three shapes: while (tested first), do-while (tested last), and a counted for
// loop; the loops' variables live in the function's locals, written after the loop
// (harmless: the step does not read `iters`). Gradients against the same loops without
// the marker; the state afterwards as the plain loop leaves it.
// RUN: clang -O0 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt -O0 %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt -O1 %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt -O2 %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt -O3 %t3.ll -S -o - | lli | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
void __enzyme_autodiff(void *, ...);
void __enzyme_set_fixed_point(double reduction, int64_t max_iters, void *control, ...);
extern int enzyme_dup;

#define N 3
double z[N], a[N];
long iters;

static double sweep(void) {  // z <- 0.2 sin(z_next) + a^2, returns the largest change
  double next[N], change = 0;
  for (int k = 0; k < N; k++)
    next[k] = 0.2 * sin(z[(k + 1) % N] + z[k]) + a[k] * a[k];
  for (int k = 0; k < N; k++) {
    change = fmax(change, fabs(next[k] - z[k]));
    z[k] = next[k];
  }
  return change;
}
static void setup(const double *x) {
  memset(z, 0, sizeof(z));
  for (int k = 0; k < N; k++)
    a[k] = x[k];
}
static double loss(void) { return z[0] * z[1] + z[2] * a[0]; }

#define MARK __enzyme_set_fixed_point(1e-28, (int64_t)-1, (void *)0, z, (int64_t)sizeof(z))
#define WHILE(name, mark)                                                                   \
  static double name(const double *x) {                                                     \
    setup(x);                                                                               \
    double change = 1;                                                                      \
    long n = 0;                                                                             \
    while (change > 1e-15) {                                                                \
      mark;                                                                                 \
      change = sweep();                                                                     \
      n++;                                                                                  \
    }                                                                                       \
    iters = n;                                                                              \
    return loss();                                                                          \
  }
#define DO_WHILE(name, mark)                                                                \
  static double name(const double *x) {                                                     \
    setup(x);                                                                               \
    double change;                                                                          \
    do {                                                                                    \
      mark;                                                                                 \
      change = sweep();                                                                     \
    } while (change > 1e-15);                                                               \
    return loss();                                                                          \
  }
#define COUNTED(name, mark)                                                                 \
  static double name(const double *x) {                                                     \
    setup(x);                                                                               \
    for (int i = 0; i < 60; i++) {                                                          \
      mark;                                                                                 \
      sweep();                                                                              \
    }                                                                                       \
    return loss();                                                                          \
  }
WHILE(while_plain, (void)0)
WHILE(while_fp, MARK)
DO_WHILE(do_plain, (void)0)
DO_WHILE(do_fp, MARK)
COUNTED(counted_plain, (void)0)
COUNTED(counted_fp, MARK)

#define COMPARE(name, plain, fp)                                                            \
  {                                                                                         \
    double x[N] = {0.3, 0.4, 0.5}, d0[N] = {0}, d[N] = {0}, z0[N];                           \
    __enzyme_autodiff((void *)plain, enzyme_dup, x, d0);                                    \
    long n0 = iters;                                                                        \
    memcpy(z0, z, sizeof(z));                                                               \
    __enzyme_autodiff((void *)fp, enzyme_dup, x, d);                                        \
    int bad = iters != n0 || memcmp(z, z0, sizeof(z)) != 0;                                 \
    for (int k = 0; k < N; k++)                                                             \
      bad += !(fabs(d[k] - d0[k]) <= 1e-12 * fabs(d0[k])) || d0[k] == 0;                    \
    printf("%s: %s\n", name, bad ? "WRONG" : "ok");                                         \
  }

int main(void) {
  COMPARE("while", while_plain, while_fp);
  COMPARE("do-while", do_plain, do_fp);
  COMPARE("counted", counted_plain, counted_fp);
  return 0;
}
// CHECK: while: ok
// CHECK: do-while: ok
// CHECK: counted: ok
