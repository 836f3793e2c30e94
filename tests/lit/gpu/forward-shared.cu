// Forward mode through a __shared__ tile: each store into the tile is
// followed by the store of its tangent into the tile's shadow (shared
// memory too), the barrier orders both, and the neighbours' tangents are
// read back from the shadow.
// REQUIRES: ptxas
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O2 -S -emit-llvm %s -o %t.ll -Wno-unknown-cuda-version
// RUN: enzyme-opt %t.ll -S | FileCheck %s
// RUN: enzyme-opt %t.ll -O3 --emit asm -o %t.ptx
// RUN: ptxas -arch=sm_80 %t.ptx -o %t.sm80.cubin
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.sm90.cubin

#include "Inputs/cuda-mini.h"

#define BLOCK 256

__device__ void smooth(const double *x, double *y, int n) {
  __shared__ double tile[BLOCK];
  int t = thread_x();
  int i = global_x();
  tile[t] = i < n ? x[i] : 0.0;
  __syncthreads();
  double right = t + 1 < block_dim_x() ? tile[t + 1] : 0.0;
  if (i < n)
    y[i] = tile[t] * right;
}

__global__ void tangent(const double *x, double *dx, double *y, double *dy, int n) {
  __enzyme_fwddiff((void *)smooth, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, n);
}

// CHECK-LABEL: define {{.*}} @{{.*}}tangent
// CHECK: zero.shadow.loop:
// CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @fwddiffe

// CHECK-LABEL: define internal void @fwddiffe
// CHECK: [[TILE:%.*]] = addrspacecast ptr addrspace(3) @{{.*}}tile to ptr
// CHECK-NEXT: [[SHADOW:%.*]] = addrspacecast ptr addrspace(3) @{{.*}}tile_shadow to ptr
// CHECK-NEXT: [[CELL:%.*]] = getelementptr inbounds nuw double, ptr [[TILE]]
// CHECK-NEXT: [[SHADOWCELL:%.*]] = getelementptr inbounds nuw double, ptr [[SHADOW]]
// CHECK-NEXT: store double %{{.*}}, ptr [[CELL]]
// CHECK-NEXT: store double %{{.*}}, ptr [[SHADOWCELL]]
// CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK: load double, ptr
// CHECK-NEXT: load double, ptr
// CHECK-NOT: call void @llvm.nvvm.barrier
// CHECK: ret void
