// The same device semantics on AMDGPU (compile-only): a HIP kernel with a
// shared (LDS) tile and a barrier, differentiated in reverse mode.  The
// tile's shadow is in LDS, zeroed between barriers; the reverse sweep has
// its mirrored barrier with HIP's workgroup fences; derivative math calls
// OCML (__ocml_cos_f64, linked later by the HIP toolchain); the
// generators' stack slots are moved to address space 5 as AMDGPU requires.
// RUN: clang -x hip --cuda-device-only --offload-arch=gfx90a -nogpuinc -nogpulib -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S | FileCheck %s
// RUN: enzyme-opt %t.ll -O2 --emit asm -o %t.s
// RUN: FileCheck %s --check-prefix=ASM < %t.s
// RUN: enzyme-opt %t.ll -O2 --emit obj -o %t.o

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))

extern __device__ int enzyme_dup, enzyme_const;
extern __device__ void __enzyme_autodiff(void *, ...);

static __device__ void sync_block() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

__device__ void shifted(const double *x, double *y) {
  __shared__ double tile[64];
  int t = __builtin_amdgcn_workitem_id_x();
  int i = __builtin_amdgcn_workgroup_id_x() * 64 + t;
  tile[t] = __builtin_sin(x[i]);
  sync_block();
  y[i] = tile[(t + 1) % 64] * x[i];
}

__global__ void grad(const double *x, double *dx, double *y, double *dy) {
  __enzyme_autodiff((void *)shifted, enzyme_dup, x, dx, enzyme_dup, y, dy);
}

// CHECK: @{{.*}}tile_shadow = internal addrspace(3) global [64 x double] undef
// CHECK-LABEL: define {{.*}} @{{.*}}grad
// CHECK: call void @llvm.amdgcn.s.barrier()
// CHECK: store i64 0, ptr addrspace(3)
// CHECK: call void @llvm.amdgcn.s.barrier()
// CHECK-NEXT: fence syncscope("workgroup") acquire
// CHECK-NEXT: call void @diffe
// CHECK-LABEL: define internal void @reverse_
// CHECK: alloca double, align 8, addrspace(5)
// CHECK: fence syncscope("workgroup") release
// CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
// CHECK-NEXT: fence syncscope("workgroup") acquire
// CHECK: call double @__ocml_cos_f64(
// CHECK-NOT: "amdgpu-no-workitem-id

// ASM: s_barrier
// ASM: s_barrier
// ASM: s_barrier
// ASM: s_barrier
