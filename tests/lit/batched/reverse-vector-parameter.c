// Batched reverse mode (enzyme_width 2) through a noinline function taking and returning
// two floats by value (a struct clang passes as <2 x float> on x86-64): the adjoint its
// reverse returns for that parameter is a [2 x <2 x float>], and the "+ 0.0" that turns an
// adjoint that received nothing into +0.0 was one fadd of the whole array, invalid output
// (C++ fuzz seed 14). Now element by element. -O0 and -O2, default and --no-reuse.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: enzyme-opt --no-reuse %t2.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
extern int enzyme_width, enzyme_dupv;
void __enzyme_autodiff(void *, ...);
typedef struct { float x, y; } vec2;
__attribute__((noinline)) vec2 scale_sum(vec2 p, const vec2 *q) {
  vec2 r = {(p.x + q->x) * 0.5f, (p.y * q->y) * 0.5f};
  return r;
}
float f(float *v) {
  vec2 p = {v[0] * v[0], v[1]}, q = {v[2], v[3]};
  vec2 r = scale_sum(p, &q);
  return r.x + 3 * r.y;
}
int main(void) {
  float x[4] = {1, 2, 3, 4}, dx[2][4] = {{0}};
  float seeds[2] = {1.0f, 2.0f};
  __enzyme_autodiff((void *)f, enzyme_width, 2, enzyme_dupv, sizeof dx[0], x, dx,
                    (double)seeds[0], (double)seeds[1]);
  for (int l = 0; l < 2; l++) printf("%g %g %g %g\n", dx[l][0], dx[l][1], dx[l][2], dx[l][3]);
}
// f = (v0² + v2)/2 + 3 v1 v3 / 2: d/dv = (v0, 1.5 v3, 0.5, 1.5 v1) = (1, 6, 0.5, 3); seed 2 doubles
// CHECK: 1 6 0.5 3
// CHECK-NEXT: 2 12 1 6
