// Warp shuffles (__shfl_down_sync, __shfl_up_sync, __shfl_xor_sync, __shfl_sync) of floats
// and doubles, in both modes. Forward: the tangent moves between lanes as the value does. Reverse: a lane's
// adjoint goes back to the lane its value came from (the opposite shuffle, with the
// in-range flag of the .f32p form), and a lane whose own read fell out of range keeps
// it; xor is its own inverse. ptxas accepts the PTX. The numbers are checked by the GPU
// tests' warp_reduce kernel and the GPU fuzzer's "warp" kernels (CPU emulation, GPU).
// REQUIRES: ptxas
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 --cuda-path=/usr/local/cuda -nocudalib -I %S/Inputs/stub -O2 -S -emit-llvm %s -o %t.ll -Wno-unknown-cuda-version
// RUN: enzyme-opt %t.ll -S | FileCheck %s
// RUN: enzyme-opt %t.ll -O2 --emit asm --mcpu sm_90 -o %t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin

extern __device__ int enzyme_dup, enzyme_const;
extern __device__ void __enzyme_autodiff(void *, ...);
extern __device__ void __enzyme_fwddiff(void *, ...);

__device__ void mix(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  v = v * __shfl_down_sync(0xffffffffu, v, 4);
  v = v + __shfl_up_sync(0xffffffffu, v, 1);
  v = v * __shfl_xor_sync(0xffffffffu, v, 8);
  v = v + __shfl_sync(0xffffffffu, v, 0);
  if (i < n)
    y[i] = v;
}

// A double: CUDA shuffles it as two 32-bit halves of its bits; before AD they become one
// call of enzyme_opt.shfl.sync.<mode>.f64, placed where the shuffles were (not where the
// halves are joined, inside the branch only lane 0 takes).
__device__ void mixd(const double *x, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = i < n ? x[i] : 0.0;
  v = v * __shfl_down_sync(0xffffffffu, v, 4);
  double w = __shfl_xor_sync(0xffffffffu, v, 8);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(y, v * w);
}

__global__ void gradd(const double *x, double *dx, double *y, double *dy, int n) {
  __enzyme_autodiff((void *)mixd, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, n);
}

__global__ void grad(const float *x, float *dx, float *y, float *dy, int n) {
  __enzyme_autodiff((void *)mix, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, n);
}
__global__ void tangent(const float *x, float *dx, float *y, float *dy, int n) {
  __enzyme_fwddiff((void *)mix, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, n);
}

// The double first (its functions come first in the output).
// CHECK-LABEL: define internal void @augmented__Z4mixdPKdPdi
// CHECK: call double @enzyme_opt.shfl.sync.down.f64(i32 -1, double %{{.*}}, i32 4, i32 31)
// CHECK: call double @enzyme_opt.shfl.sync.bfly.f64(i32 -1, double %{{.*}}, i32 8, i32 31)
// CHECK: br i1
// CHECK-LABEL: define internal void @reverse__Z4mixdPKdPdi
// CHECK: call { double, i1 } @enzyme_opt.shfl.sync.bfly.f64p(i32 -1, double %{{.*}}, i32 8, i32 31)
// CHECK: call { double, i1 } @enzyme_opt.shfl.sync.up.f64p(i32 -1, double %{{.*}}, i32 4, i32 0)
// CHECK: call { double, i1 } @enzyme_opt.shfl.sync.down.f64p(i32 -1, double %{{.*}}, i32 4, i32 31)

// Reverse, last shuffle first: the broadcast from lane 0 gives lane 0 the warp's sum of the
// adjoints (five xor steps); xor 8 is its own inverse; up 1 goes back down (lane 31 reads
// nothing there: clamp 31) and keeps its own adjoint where it read itself; down 4 goes back
// up (clamp 0).
// CHECK-LABEL: define internal void @reverse__Z3mixPKfPfi
// CHECK: call { float, i1 } @llvm.nvvm.shfl.sync.bfly.f32p(i32 -1, float %{{.*}}, i32 16, i32 31)
// CHECK: call { float, i1 } @llvm.nvvm.shfl.sync.bfly.f32p(i32 -1, float %{{.*}}, i32 1, i32 31)
// CHECK: [[LANE:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
// CHECK: icmp eq i32 [[LANE]], 0
// CHECK: call { float, i1 } @llvm.nvvm.shfl.sync.bfly.f32p(i32 -1, float %{{.*}}, i32 8, i32 31)
// CHECK: call { float, i1 } @llvm.nvvm.shfl.sync.down.f32p(i32 -1, float %{{.*}}, i32 1, i32 31)
// CHECK: call { float, i1 } @llvm.nvvm.shfl.sync.up.f32p(i32 -1, float %{{.*}}, i32 1, i32 0)
// CHECK: call { float, i1 } @llvm.nvvm.shfl.sync.up.f32p(i32 -1, float %{{.*}}, i32 4, i32 0)
// CHECK: call { float, i1 } @llvm.nvvm.shfl.sync.down.f32p(i32 -1, float %{{.*}}, i32 4, i32 31)
// Forward: each shuffle of the value is followed by the same shuffle of its tangent.
// CHECK-LABEL: define internal void @fwddiffe_Z3mixPKfPfi
// CHECK: [[V:%.*]] = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float [[X:%.*]], i32 4, i32 31)
// CHECK-NEXT: call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %{{.*}}, i32 4, i32 31)
// CHECK: tail call contract noundef float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %{{.*}}, i32 1, i32 0)
// CHECK-NEXT: call float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %{{.*}}, i32 1, i32 0)
// CHECK: tail call contract noundef float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 8, i32 31)
// CHECK-NEXT: call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 8, i32 31)
// CHECK: tail call contract noundef float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %{{.*}}, i32 0, i32 31)
// CHECK-NEXT: call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %{{.*}}, i32 0, i32 31)
