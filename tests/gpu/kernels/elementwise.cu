// One thread per element, libdevice math: y[i] = sin(x)·exp(x/2) + x²·tanh(x).
#include "enzyme.h"

__device__ void elementwise(const double *x, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double a = x[i];
    y[i] = sin(a) * exp(0.5 * a) + a * a * tanh(a);
  }
}

ENZYME_ENTRY_POINTS(elementwise)
