// A kernel whose differentiated function calls a tree of __device__
// functions (kept out of line with __noinline__).  Each callee gets an
// augmented/reverse pair; the shadow pointers reach them as arguments from
// the kernel, so the analysis follows the calls and the adds into
// dx[i] are still proven thread-private.  Forward mode calls fwddiffe of
// each callee.
// REQUIRES: ptxas
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O2 -S -emit-llvm %s -o %t.ll -Wno-unknown-cuda-version
// RUN: enzyme-opt %t.ll -S | FileCheck %s
// RUN: enzyme-opt %t.ll -O2 --emit asm -o %t.ptx
// RUN: ptxas -arch=sm_80 %t.ptx -o %t.sm80.cubin
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.sm90.cubin
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O3 -S -emit-llvm %s -o - -Wno-unknown-cuda-version | enzyme-opt - -O3 --emit asm -o %t.O3.ptx
// RUN: ptxas -arch=sm_80 %t.O3.ptx -o %t.O3.cubin

#include "Inputs/cuda-mini.h"

__device__ __noinline__ double leaf(double a, double b) { return a * __builtin_exp(b); }

__device__ __noinline__ double middle(const double *x, int i) {
  return leaf(x[i], x[i] * 0.5) + __builtin_tanh(x[i]);
}

__device__ __noinline__ void store_at(double *y, int i, double v) { y[i] = v * v; }

__device__ void tree(const double *x, double *y, int n) {
  int i = global_x();
  if (i < n)
    store_at(y, i, middle(x, i));
}

__global__ void grad(const double *x, double *dx, double *y, double *dy, int n) {
  __enzyme_autodiff((void *)tree, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, n);
}

__global__ void tangent(const double *x, double *dx, double *y, double *dy, int n) {
  __enzyme_fwddiff((void *)tree, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, n);
}

// The adds into dx[i] happen in reverse_middle, which receives dx from the kernel.
// CHECK: define internal {{.*}} @reverse_{{.*}}middle
// CHECK: %grid.is.1d = and i1
// CHECK: br i1 %grid.is.1d, label %private.add, label %shared.add
// CHECK: {{^}}define

// CHECK-DAG: define internal {{.*}} @augmented_{{.*}}leaf
// CHECK-DAG: define internal {{.*}} @reverse_{{.*}}leaf
// CHECK-DAG: define internal {{.*}} @fwddiffe{{.*}}store_at
