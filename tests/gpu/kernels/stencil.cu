// A nonlinear 3-point stencil through a __shared__ tile with halo cells:
// y[i] = x[i-1]/4 + x[i]²/2 + x[i+1]/4 (zero outside).  256 threads per block.
#include "enzyme.h"

#define BLOCK 256

__device__ void stencil(const double *x, double *y, int n) {
  __shared__ double tile[BLOCK + 2];
  int t = threadIdx.x + 1;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[t] = i < n ? x[i] : 0.0;
  if (threadIdx.x == 0)
    tile[0] = i > 0 && i <= n ? x[i - 1] : 0.0;
  if (threadIdx.x == blockDim.x - 1)
    tile[t + 1] = i + 1 < n ? x[i + 1] : 0.0;
  __syncthreads();
  if (i < n)
    y[i] = 0.25 * tile[t - 1] + 0.5 * tile[t] * tile[t] + 0.25 * tile[t + 1];
}

ENZYME_ENTRY_POINTS(stencil)
