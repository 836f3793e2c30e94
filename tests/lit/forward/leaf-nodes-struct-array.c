// -enzyme-vectorize-at-leaf-nodes on a struct whose members are a double array and a
// double: clang's TBAA names such a struct's array member "omnipotent char", which says
// nothing, so it is not taken for an integer; the shadow is 4 doubles of 2 lanes each.
// f = v[1] w + v[2]: lane 0 moves v[1] (df = w = 4), lane 1 moves w (df = v[1] = 2).
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -enzyme-vectorize-at-leaf-nodes -S -o %t0.leaf.ll
// RUN: lli %t0.leaf.ll | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -enzyme-vectorize-at-leaf-nodes -S -o %t1.leaf.ll
// RUN: lli %t1.leaf.ll | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -enzyme-vectorize-at-leaf-nodes -S -o %t2.leaf.ll
// RUN: lli %t2.leaf.ll | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -enzyme-vectorize-at-leaf-nodes -S -o %t3.leaf.ll
// RUN: lli %t3.leaf.ll | FileCheck %s
#include <stdio.h>
extern int enzyme_width, enzyme_dup;
struct v3 { double v[3]; double w; };
double f(const struct v3 *p) { return p->v[1] * p->w + p->v[2]; }
typedef double v2 __attribute__((ext_vector_type(2)));
extern v2 __enzyme_fwddiff(double (*)(const struct v3 *), int, int, int, const struct v3 *,
                           double *);
int main(void) {
  struct v3 p = {{1, 2, 3}, 4};
  double dp[4 * 2] = {0};
  dp[1 * 2 + 0] = 1;  // lane 0 of v[1]
  dp[3 * 2 + 1] = 1;  // lane 1 of w
  v2 r = __enzyme_fwddiff(f, enzyme_width, 2, enzyme_dup, &p, dp);
  printf("%.1f %.1f\n", r[0], r[1]);
  return 0;
}
// CHECK: 4.0 2.0
