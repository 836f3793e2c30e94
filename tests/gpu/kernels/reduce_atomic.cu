// A reduction into one scalar: every thread atomically adds x[i]²·cos(x[i]) to y[0].
#include "enzyme.h"

__device__ void reduce_atomic(const double *x, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(y, x[i] * x[i] * cos(x[i]));
}

ENZYME_ENTRY_POINTS(reduce_atomic)
