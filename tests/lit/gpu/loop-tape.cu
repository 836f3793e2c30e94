// A grid-stride loop with a loop-carried product: its reverse sweep needs one
// value per iteration, so the tape grows past the thread's 4 KiB of stack
// into device malloc. When the device heap is exhausted, the gradient prints
// what happened and how to raise the heap, then traps, rather than writing
// through the null pointer malloc returned (on an H200 that was an illegal
// address at 2^24 elements, with no word of why).
// REQUIRES: ptxas
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O2 -S -emit-llvm %s -o %t.ll -Wno-unknown-cuda-version
// RUN: enzyme-opt %t.ll -S | FileCheck %s
// RUN: enzyme-opt %t.ll -O2 --emit asm -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.sm90.cubin

#include "Inputs/cuda-mini.h"

extern __device__ int enzyme_dup, enzyme_const;
extern __device__ void __enzyme_autodiff(void *, ...);
extern "C" __device__ double __nv_cos(double);

__device__ void gridstride(const double *x, double *y, int n) {
  double p = 1.0;
  for (int i = global_x(); i < n; i += block_dim_x() * grid_dim_x()) {
    y[i] = x[i] * p;
    p *= __nv_cos(x[i]);
  }
}

__global__ void grad(const double *x, double *dx, double *y, double *dy, int n) {
  __enzyme_autodiff((void *)gridstride, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, n);
}

// CHECK: @enzyme_opt.tape.oom.gpu = private unnamed_addr constant {{.*}} c"enzyme-opt: out of memory: a gradient's tape (the values its reverse sweep reads back) could not grow to %llu bytes\0Aenzyme-opt: raise the device heap, e.g. cudaDeviceSetLimit(cudaLimitMallocHeapSize, bytes), before launching the gradient\0A\00"
// Each iteration's record holds x[i] twice (the store to y[i] may alias it) and p: 24
// bytes. cos(x[i]) is computed again in the reverse sweep, not taped: on a GPU the
// tape's memory traffic costs more than the arithmetic.
// CHECK-LABEL: define internal void @augmented_
// CHECK: call ptr @enzyme_opt.tape.push(ptr %tape, i64 24)
// CHECK-LABEL: define internal void @reverse_
// CHECK: call contract double @__nv_cos(
// CHECK: call double @__nv_sin(
// CHECK-LABEL: define internal ptr @enzyme_opt.tape.push(
// CHECK: %data = call ptr @malloc(i64 %new.capacity)
// CHECK-NEXT: %[[FAILED:[0-9]+]] = icmp eq ptr %data, null
// CHECK-NEXT: br i1 %[[FAILED]], label %out.of.memory, label %allocated
// CHECK: out.of.memory:
// CHECK-NEXT: store i64 %new.capacity, ptr %size.arg
// CHECK-NEXT: call i32 @vprintf(ptr @enzyme_opt.tape.oom.gpu, ptr %size.arg)
// CHECK-NEXT: call void @llvm.trap()
// CHECK-NEXT: unreachable

// PTX: call.uni (retval0), malloc,
// PTX: call.uni (retval0), vprintf,
// PTX: trap;
