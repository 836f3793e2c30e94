// A variable-length array (alloca of runtime size: its shadow is a heap
// allocation freed by the reverse sweep) and a matrix as double** (shadow
// pointers stored in shadow memory), in both modes, against exact values.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
extern void __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_const;
double vla(const double *x, int n) {
  double t[n];
  for (int i = 0; i < n; i++) t[i] = x[i] * x[i];
  double s = 0;
  for (int i = 0; i < n; i++) s += t[i] * t[n - 1 - i];
  return s;
}
double rows(double **m, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) s += m[i][j] * m[i][j] * (i + 1);
  return s;
}
int main(void) {
  double x[3] = {1, 2, 3}, dx[3] = {0};
  __enzyme_autodiff((void *)vla, x, dx, enzyme_const, 3);
  /* s = 2 x0² x2² + x1⁴ */
  printf("vla %g %g %g\n", dx[0], dx[1], dx[2]);
  int n = 3;
  double **m = malloc(n * sizeof *m), **dm = malloc(n * sizeof *dm);
  for (int i = 0; i < n; i++) {
    m[i] = malloc(n * sizeof **m);
    dm[i] = calloc(n, sizeof **dm);
    for (int j = 0; j < n; j++) m[i][j] = i + 0.5 * j;
  }
  __enzyme_autodiff((void *)rows, m, dm, enzyme_const, n);
  printf("rows-rev %g %g\n", dm[1][2], dm[2][1]);  /* 2·m·(i+1): 2·2·2, 2·2.5·3 */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) dm[i][j] = (i == 1 && j == 2);
  printf("rows-fwd %g\n", __enzyme_fwddiff((void *)rows, m, dm, enzyme_const, n));
  return 0;
}
// CHECK: vla 36 32 12
// CHECK-NEXT: rows-rev 8 15
// CHECK-NEXT: rows-fwd 8
