// The warp-shuffle reduction in double precision: CUDA shuffles a double as the two
// 32-bit halves of its bits, which enzyme-opt turns back into one shuffle of the double
// before differentiating (ad/parallel/shuffles.py).
#include "enzyme.h"

__device__ void warp_reduce_f64(const double *x, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = i < n ? x[i] * sin(x[i]) : 0.0;
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  v = v * __shfl_xor_sync(0xffffffffu, v, 1) + __shfl_up_sync(0xffffffffu, v, 3);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(y, v);
}

ENZYME_ENTRY_POINTS(warp_reduce_f64)
