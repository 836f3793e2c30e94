// A warp-shuffle reduction, as CUDA reduction kernels are written: each warp sums
// x[i]·sin(x[i]) with __shfl_down_sync, then its first lane adds the sum into y[0].
// Single precision: CUDA's float shuffles (a double moves as two 32-bit halves).
#include "enzyme.h"

__device__ void warp_reduce(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] * sinf(x[i]) : 0.0f;
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(y, v);
}

ENZYME_ENTRY_POINTS_OF(float, warp_reduce)
