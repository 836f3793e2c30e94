// The forward sweep makes a shadow address beside each address of memory with a shadow, in
// case it stores through it, passes it on or tapes it; where it only loads, the reverse
// sweep rebuilds the address itself, and the copy is erased once both sweeps are built
// (AugmentedBuilder.erase_unused_shadows). dot's forward sweep keeps only the primal's two
// getelementptrs (x's and y's shadows, %1 and %3, are addressed in its reverse sweep only);
// link's, which stores the address of an element of b into a list node, keeps the shadow
// address it stores into the node's shadow. Both gradients are checked against their closed
// forms at -O0..-O3 and with --no-reuse.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t0.out.ll
// RUN: lli %t0.out.ll | FileCheck %s
// RUN: enzyme-opt %t0.ll --no-reuse -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
#include <stdio.h>
extern int enzyme_dup;
void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) double dot(const double *x, const double *y, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * y[i];
  return s;
}

struct node { double *value; };

// n->value = &b[1]; then reads it back through the node: (b[1])² · 3
__attribute__((noinline)) double link(struct node *n, double *b) {
  n->value = &b[1];
  double v = *n->value;
  return 3 * v * v;
}

int main(void) {
  double x[3] = {1, 2, 3}, y[3] = {4, 5, 6}, dx[3] = {0}, dy[3] = {0};
  __enzyme_autodiff((void *)dot, x, dx, y, dy, 3);
  // CHECK: dot 4 5 6 1 2 3
  printf("dot %g %g %g %g %g %g\n", dx[0], dx[1], dx[2], dy[0], dy[1], dy[2]);
  struct node n = {0}, dn = {0};
  double b[2] = {1.5, 2.5}, db[2] = {0, 0};
  __enzyme_autodiff((void *)link, &n, &dn, b, db);
  // CHECK: link 0 15 shadow stored 1
  printf("link %g %g shadow stored %d\n", db[0], db[1], dn.value == &db[1]);
  return 0;
}
// IR-LABEL: define internal double @augmented_dot(
// IR-NOT: getelementptr {{.*}}, ptr %1,
// IR-NOT: getelementptr {{.*}}, ptr %3,
// IR: ret double
// IR-LABEL: define internal double @augmented_link(
// IR: [[SHADOW:%[0-9]+]] = getelementptr {{.*}}, ptr %3, i64 8
// IR: store ptr [[SHADOW]], ptr %1
