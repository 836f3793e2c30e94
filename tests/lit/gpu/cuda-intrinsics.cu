// CUDA's fast and rounding intrinsics (__expf, __sinf, __powf, __fdividef, __frcp_rn,
// __fmaf_rz, __dadd_ru, __dsqrt_rd) and libdevice math beyond libm (rsqrt, rcbrt, normcdf,
// normcdfinv, erfinv, erfcx, sinpi, cospi, j1, sincos, sincospi) through the CUDA headers: each has the rule of
// the math it computes, in both modes; the PTX links libdevice and ptxas accepts it.
// Their numbers are checked on the CPU by tests/lit/reverse/libdevice-rules.c.
// REQUIRES: ptxas
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 --cuda-path=/usr/local/cuda -nocudalib -I %S/Inputs/stub -O2 -S -emit-llvm %s -o %t.ll -Wno-unknown-cuda-version
// RUN: enzyme-opt %t.ll -S | FileCheck %s
// RUN: enzyme-opt %t.ll -O2 --emit asm --mcpu sm_90 -o %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 --cuda-path=/usr/local/cuda -nocudalib -I %S/Inputs/stub -O1 -S -emit-llvm %s -o - -Wno-unknown-cuda-version | enzyme-opt - -O1 --emit asm -o %t.O1.ptx
// RUN: ptxas -arch=sm_80 %t.O1.ptx -o %t.O1.cubin

extern __device__ int enzyme_dup, enzyme_const;
extern __device__ void __enzyme_autodiff(void *, ...);
extern __device__ void __enzyme_fwddiff(void *, ...);

__device__ void fast(const float *u, const double *x, float *v, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float b = u[i];
    v[i] = __expf(b) * __sinf(b) + __powf(b * b + 1.0f, 0.5f) + __fdividef(b, 2.0f + b * b)
           + __frcp_rn(3.0f + b) + __fmaf_rz(b, b, b) + rsqrtf(1.0f + b * b);
    double a = x[i];
    y[i] = __dadd_ru(a, a * a) + __dsqrt_rd(1.0 + a * a) + rsqrt(2.0 + a) + rcbrt(3.0 + a)
           + normcdf(a) + normcdfinv(0.5 + a / 8) + erfinv(a / 4) + erfcx(a) + sinpi(a)
           + cospi(a) + j1(a);
    double s, c, sp, cp;
    sincos(a, &s, &c);
    sincospi(a, &sp, &cp);
    y[i] += s * c + sp * cp;
  }
}

__global__ void grad(const float *u, float *du, const double *x, double *dx, float *v,
                     float *dv, double *y, double *dy, int n) {
  __enzyme_autodiff((void *)fast, enzyme_dup, u, du, enzyme_dup, x, dx, enzyme_dup, v, dv,
                    enzyme_dup, y, dy, enzyme_const, n);
}
__global__ void tangent(const float *u, float *du, const double *x, double *dx, float *v,
                        float *dv, double *y, double *dy, int n) {
  __enzyme_fwddiff((void *)fast, enzyme_dup, u, du, enzyme_dup, x, dx, enzyme_dup, v, dv,
                   enzyme_dup, y, dy, enzyme_const, n);
}

// CHECK-LABEL: define internal void @reverse_{{.*}}fast
// CHECK-DAG: call float @__nv_cosf(
// CHECK-DAG: call double @__nv_cospi(
// CHECK-DAG: call double @__nv_sinpi(
// CHECK-DAG: call double @__nv_j0(
// CHECK-LABEL: define internal void @fwddiffe{{.*}}fast
// CHECK-NOT: augmented___nv
// CHECK-NOT: fwddiffe__nv
