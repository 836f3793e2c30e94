// A 3-point stencil through a __shared__ tile with halo cells and
// __syncthreads().  The tile gets a shadow in shared memory, zeroed by the
// block's threads between two barriers before the gradient starts; the
// reverse sweep runs the barrier at its mirrored place.  Neighbouring
// threads add into each other's tile cells, so those adds stay atomic, and
// so do the adds into dx (the halo loads read x[i-1] and x[i+1]).
// The stencil has no loop, so its tape is one frame of fixed layout, which
// LLVM turns into registers: the gradient kernel uses no local memory (a
// tape on the thread's stack cost it a fifth of its time on an H200).
// REQUIRES: ptxas
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O2 -S -emit-llvm %s -o %t.ll -Wno-unknown-cuda-version
// RUN: enzyme-opt %t.ll -S | FileCheck %s
// RUN: enzyme-opt %t.ll -O2 --emit asm -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: ptxas -arch=sm_80 %t.ptx -o %t.sm80.cubin
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.sm90.cubin -v 2>&1 | FileCheck %s --check-prefix=LOCAL
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O1 -S -emit-llvm %s -o - -Wno-unknown-cuda-version | enzyme-opt - -O1 --emit asm -o %t.O1.ptx
// RUN: ptxas -arch=sm_80 %t.O1.ptx -o %t.O1.cubin
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc -nocudalib -O3 -S -emit-llvm %s -o - -Wno-unknown-cuda-version | enzyme-opt - -O3 --emit asm -o %t.O3.ptx
// RUN: ptxas -arch=sm_90 %t.O3.ptx -o %t.O3.cubin

#include "Inputs/cuda-mini.h"

#define BLOCK 128

__device__ void stencil(const double *x, double *y, int n) {
  __shared__ double tile[BLOCK + 2];
  int i = global_x();
  int t = thread_x() + 1;
  tile[t] = i < n ? x[i] : 0.0;
  if (thread_x() == 0)
    tile[0] = i > 0 && i <= n ? x[i - 1] : 0.0;
  if (thread_x() == block_dim_x() - 1)
    tile[t + 1] = i + 1 < n ? x[i + 1] : 0.0;
  __syncthreads();
  if (i < n)
    y[i] = 0.25 * tile[t - 1] + 0.5 * tile[t] * tile[t] + 0.25 * tile[t + 1];
}

__global__ void grad(const double *x, double *dx, double *y, double *dy, int n) {
  __enzyme_autodiff((void *)stencil, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, n);
}

// CHECK: @[[TILE:.*tile]] = internal unnamed_addr addrspace(3) global [130 x double] undef
// CHECK: @[[SHADOW:.*tile_shadow]] = internal addrspace(3) global [130 x double] undef, align 8

// The kernel: barrier, zero the shadow (each thread its share), barrier, gradient.
// CHECK-LABEL: define {{.*}} @{{.*}}grad
// CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK: zero.shadow.loop:
// CHECK: store i64 0, ptr addrspace(3)
// CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK-NEXT: call void @diffe

// CHECK-LABEL: define internal void @reverse_{{.*}}stencil
// CHECK-NOT: private.add
// CHECK: atomicrmw fadd ptr %{{.*}}, double %{{.*}} monotonic
// CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK: atomicrmw fadd ptr %{{.*}}, double %{{.*}} monotonic
// CHECK-LABEL: define

// PTX: .shared .align 8 .b8 {{.*}}tile_shadow[1040];
// PTX: atom.shared.add.f64
// PTX: atom.global.add.f64

// LOCAL: Function properties for _Z4gradPKdPdS1_S1_i
// LOCAL-NEXT: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
