// The few CUDA declarations the GPU lit tests need when compiled with
// clang -nocudainc -nocudalib (no CUDA headers, no libdevice): clang's own
// builtins for thread indices, barriers and atomics.
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __noinline__ __attribute__((noinline))

static __device__ inline int thread_x() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ inline int block_x() { return __nvvm_read_ptx_sreg_ctaid_x(); }
static __device__ inline int block_dim_x() { return __nvvm_read_ptx_sreg_ntid_x(); }
static __device__ inline int grid_dim_x() { return __nvvm_read_ptx_sreg_nctaid_x(); }
static __device__ inline int global_x() { return block_x() * block_dim_x() + thread_x(); }
static __device__ inline double atomic_add(double *p, double v) {
  return __nvvm_atom_add_gen_d(p, v);
}

extern __device__ int enzyme_dup, enzyme_const, enzyme_dupnoneed;
extern __device__ void __enzyme_autodiff(void *, ...);
extern __device__ void __enzyme_fwddiff(void *, ...);
