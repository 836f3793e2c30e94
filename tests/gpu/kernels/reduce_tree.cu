// A block reduction in shared memory (a tree of halving strides with
// __syncthreads() between), then one atomic add per block into y[0]:
// y = Σ exp(-x[i]²).  Launched with 256 threads per block.
#include "enzyme.h"

#define BLOCK 256

__device__ void reduce_tree(const double *x, double *y, int n) {
  __shared__ double part[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  part[t] = i < n ? exp(-x[i] * x[i]) : 0.0;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
    if (t < stride)
      part[t] += part[t + stride];
    __syncthreads();
  }
  if (t == 0)
    atomicAdd(y, part[0]);
}

ENZYME_ENTRY_POINTS(reduce_tree)
