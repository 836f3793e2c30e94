// A grid-stride loop (fewer threads than elements), with a loop-carried
// value: y[i] = x[i]·p where p is the product of cos over the thread's
// earlier elements.
#include "enzyme.h"

__device__ void gridstride(const double *x, double *y, int n) {
  double p = 1.0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    y[i] = x[i] * p;
    p *= cos(x[i]);
  }
}

ENZYME_ENTRY_POINTS(gridstride)
