// Without -nocudalib clang links libdevice and inlines it: sin(x) becomes
// bit-level code on llvm.nvvm.* intrinsics that has no derivative.  One
// line says so, and what to do.
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 --cuda-path=/usr/local/cuda -I %S/Inputs/stub -O2 -S -emit-llvm %s -o %t.ll -Wno-unknown-cuda-version
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll --emit asm -o %t.ptx | FileCheck %s

extern __device__ int enzyme_dup, enzyme_const;
extern __device__ void __enzyme_autodiff(void *, ...);

__device__ void f(const double *x, double *y) { y[threadIdx.x] = sin(x[threadIdx.x]); }

__global__ void grad(const double *x, double *dx, double *y, double *dy) {
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, y, dy);
}

// CHECK: enzyme-opt: error: {{.*}}: no derivative is known for @llvm.nvvm.{{[a-z0-9.]+}}; if clang linked libdevice into this code, compile with -nocudalib (enzyme-opt links libdevice after differentiating)
