// A kernel calling a tree of out-of-line __device__ functions.
#include "enzyme.h"

__device__ __noinline__ double leaf(double a, double b) { return a * exp(b); }

__device__ __noinline__ double middle(const double *x, int i) {
  return leaf(x[i], 0.5 * x[i]) + log1p(x[i] * x[i]);
}

__device__ __noinline__ void store_square(double *y, int i, double v) { y[i] = v * v; }

__device__ void calltree(const double *x, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    store_square(y, i, middle(x, i));
}

ENZYME_ENTRY_POINTS(calltree)
