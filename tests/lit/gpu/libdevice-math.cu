// Device math through the CUDA headers (clang -nocudalib: no libdevice
// yet): sin(x) arrives as a call of libdevice's __nv_sin, which has the
// math rule of sin in both modes; the derivative calls libdevice too
// (__nv_cos …, never an intrinsic NVPTX cannot select).  With --emit asm
// enzyme-opt links libdevice: the PTX has no unresolved functions.
// Then the same module with libdevice already linked (llvm-link):
// __nv_sin is defined there, and still gets the rule of sin, not a
// derivative through its bit-level body (no augmented___nv_sin or fwddiffe__nv_sin).
// REQUIRES: ptxas
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 --cuda-path=/usr/local/cuda -nocudalib -I %S/Inputs/stub -O2 -S -emit-llvm %s -o %t.ll -Wno-unknown-cuda-version
// RUN: enzyme-opt %t.ll -S | FileCheck %s
// RUN: enzyme-opt %t.ll -O2 --emit asm --mcpu sm_90 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: llvm-link %t.ll /usr/local/cuda/nvvm/libdevice/libdevice.10.bc -S -o %t.linked.ll
// RUN: enzyme-opt %t.linked.ll -S | FileCheck %s --check-prefix=LINKED
// RUN: enzyme-opt %t.linked.ll -S | FileCheck %s --check-prefix=NOBODY
// RUN: enzyme-opt %t.linked.ll -O2 --emit asm -o %t.linked.ptx
// RUN: ptxas -arch=sm_80 %t.linked.ptx -o %t.linked.cubin

extern __device__ int enzyme_dup, enzyme_const;
extern __device__ void __enzyme_autodiff(void *, ...);
extern __device__ void __enzyme_fwddiff(void *, ...);

__device__ void math(const double *x, const float *u, double *y, float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double a = x[i];
    y[i] = sin(a) * exp(a) + pow(a, 3.0) * tanh(a) + erf(a) + log1p(a * a) + cbrt(a);
    float b = u[i];
    v[i] = sinf(b) * expf(b) + sqrtf(b * b + 1.0f);
  }
}

__global__ void grad(const double *x, double *dx, const float *u, float *du, double *y,
                     double *dy, float *v, float *dv, int n) {
  __enzyme_autodiff((void *)math, enzyme_dup, x, dx, enzyme_dup, u, du, enzyme_dup, y, dy,
                    enzyme_dup, v, dv, enzyme_const, n);
}

__global__ void tangent(const double *x, double *dx, const float *u, float *du, double *y,
                        double *dy, float *v, float *dv, int n) {
  __enzyme_fwddiff((void *)math, enzyme_dup, x, dx, enzyme_dup, u, du, enzyme_dup, y, dy,
                   enzyme_dup, v, dv, enzyme_const, n);
}

// CHECK-LABEL: define internal void @reverse_
// CHECK-DAG: call double @__nv_cos(
// CHECK-DAG: call double @__nv_pow(
// CHECK-DAG: call double @__nv_exp(
// CHECK-DAG: call float @__nv_cosf(
// CHECK-LABEL: define internal void @fwddiffe
// CHECK-DAG: call double @__nv_cos(
// CHECK-DAG: call float @__nv_cosf(
// CHECK-NOT: @llvm.cos.
// CHECK-NOT: @llvm.log.

// PTX: .target sm_90
// PTX-NOT: .extern .func {{.*}}__nv_
// PTX-NOT: call{{.*}} __nv_

// NOBODY-NOT: define internal {{.*}} @{{(augmented|reverse|fwddiffe)}}__nv_
// LINKED: define internal void @reverse_
// LINKED: call double @__nv_cos(
