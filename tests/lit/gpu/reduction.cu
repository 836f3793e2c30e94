// A reduction into one scalar shared by all threads: atomicAdd(sum, x[i]²).
// Reverse: each thread reads the adjoint of the sum (no atomic: an
// increment passes it through) and adds 2·x[i]·dsum into its own dx[i]
// (plain, behind the launch-shape check).  Forward: the tangent goes into
// the shadow of the sum with an atomic add, as the primal does.
// REQUIRES: ptxas
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O2 -S -emit-llvm %s -o %t.ll -Wno-unknown-cuda-version
// RUN: enzyme-opt %t.ll -S | FileCheck %s
// RUN: enzyme-opt %t.ll -O3 --emit asm -o %t.ptx
// RUN: ptxas -arch=sm_80 %t.ptx -o %t.sm80.cubin
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.sm90.cubin
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O1 -S -emit-llvm %s -o - -Wno-unknown-cuda-version | enzyme-opt - -O1 --emit asm -o %t.O1.ptx
// RUN: ptxas -arch=sm_80 %t.O1.ptx -o %t.O1.cubin

#include "Inputs/cuda-mini.h"

__device__ void sum_squares(const double *x, double *sum, int n) {
  int i = global_x();
  if (i < n)
    atomic_add(sum, x[i] * x[i]);
}

__global__ void grad(const double *x, double *dx, double *sum, double *dsum, int n) {
  __enzyme_autodiff((void *)sum_squares, enzyme_dup, x, dx, enzyme_dup, sum, dsum,
                    enzyme_const, n);
}

__global__ void tangent(const double *x, double *dx, double *sum, double *dsum, int n) {
  __enzyme_fwddiff((void *)sum_squares, enzyme_dup, x, dx, enzyme_dup, sum, dsum,
                   enzyme_const, n);
}

// CHECK-LABEL: define internal void @reverse_{{.*}}sum_squares
// CHECK-NOT: atomicrmw fadd ptr %3
// CHECK: [[DSUM:%[0-9]+]] = load double, ptr %3
// CHECK: br i1 %grid.is.1d, label %private.add, label %shared.add
// CHECK: shared.add:
// CHECK-NEXT: atomicrmw fadd ptr

// CHECK-LABEL: define internal void @fwddiffe{{.*}}sum_squares
// CHECK: atomicrmw fadd ptr %{{.*}}, double %{{.*}} seq_cst
// CHECK: atomicrmw fadd ptr %{{.*}}, double %{{.*}} monotonic
// CHECK: ret void
