// Batched reverse mode: with enzyme_width W one sweep gives W rows of the
// Jacobian (W seeds of the output shadow, W gradients of the input shadow),
// sharing one tape. Widths 1..8 (each lane's shadows at a stride:
// enzyme_dupv), checked against W separate reverse sweeps, through a
// helper, loops with run-time counts and heap scratch memory; -O0..-O3.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t2.out.ll
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
extern int enzyme_dup, enzyme_const, enzyme_width, enzyme_dupv;
void __enzyme_autodiff(void *, ...);

__attribute__((noinline)) double helper(const double *x, int n, double s) {
  double r = 0;
  for (int i = 0; i < n; i++) r += tanh(x[i] * s);
  return r;
}
void F(double *out, const double *x, int n, int m) {
  double *t = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) t[i] = x[i] * x[i] + sin(x[(i + 1) % n]);
  for (int j = 0; j < m; j++) out[j] = helper(t, n, 0.1 * (j + 1)) * x[j % n];
  free(t);
}

#define N 5
#define M 8
static double x[N] = {0.3, -0.5, 0.7, 0.2, -0.1}, y[M], rows[M][N];

#define CHECK_WIDTH(W)                                                                    \
  {                                                                                       \
    double dys[W][M] = {{0}}, dxs[W][N] = {{0}}, err = 0;                                 \
    for (int k = 0; k < W; k++) dys[k][M - 1 - k] = 1;                                    \
    __enzyme_autodiff((void *)F, enzyme_width, W, enzyme_dupv, sizeof dys[0], y, dys,     \
                      enzyme_dupv, sizeof dxs[0], x, dxs, enzyme_const, N, enzyme_const, M); \
    for (int k = 0; k < W; k++)                                                           \
      for (int i = 0; i < N; i++)                                                         \
        err = fmax(err, fabs(dxs[k][i] - rows[M - 1 - k][i]));                            \
    printf("width %d %s\n", W, err <= 1e-14 ? "ok" : "WRONG");                            \
  }

int main(void) {
  for (int j = 0; j < M; j++) { /* one reverse sweep per row */
    double dy[M] = {0};
    dy[j] = 1;
    __enzyme_autodiff((void *)F, enzyme_dup, y, dy, enzyme_dup, x, rows[j], enzyme_const, N,
                      enzyme_const, M);
  }
  CHECK_WIDTH(1) CHECK_WIDTH(2) CHECK_WIDTH(3) CHECK_WIDTH(4)
  CHECK_WIDTH(5) CHECK_WIDTH(6) CHECK_WIDTH(7) CHECK_WIDTH(8)
  /* W separate shadow arguments instead of a stride */
  double a[M] = {0}, b[M] = {0}, da[N] = {0}, db[N] = {0}, err = 0;
  a[1] = b[6] = 1;
  __enzyme_autodiff((void *)F, enzyme_width, 2, enzyme_dup, y, a, b, enzyme_dup, x, da, db,
                    enzyme_const, N, enzyme_const, M);
  for (int i = 0; i < N; i++) err = fmax(err, fmax(fabs(da[i] - rows[1][i]), fabs(db[i] - rows[6][i])));
  printf("separate shadows %s\n", err <= 1e-14 ? "ok" : "WRONG");
  return 0;
}
// CHECK: width 1 ok
// CHECK-NEXT: width 2 ok
// CHECK-NEXT: width 3 ok
// CHECK-NEXT: width 4 ok
// CHECK-NEXT: width 5 ok
// CHECK-NEXT: width 6 ok
// CHECK-NEXT: width 7 ok
// CHECK-NEXT: width 8 ok
// CHECK-NEXT: separate shadows ok
// IR-DAG: define internal void @diffe4F(ptr {{.*}}, [4 x ptr] {{.*}}, ptr {{.*}}, [4 x ptr] {{.*}}, i32 {{.*}}, i32 {{.*}})
// IR-DAG: define internal void @diffe8F(
// The adjoint of a float travels as one <W x double> vector per value.
// IR-DAG: fmul <4 x double>
