// Batched (vector) mode: the elementwise kernel's derivatives for two seeds at once
// (enzyme_width 2; each shadow holds two lanes of n doubles, back to back).
#include "enzyme.h"

extern __device__ int enzyme_width, enzyme_dupv;

__device__ void elementwise_w2(const double *x, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double a = x[i];
    y[i] = sin(a) * exp(0.5 * a) + a * a * tanh(a);
  }
}

extern "C" __global__ void primal(const double *x, double *y, int n) { elementwise_w2(x, y, n); }
extern "C" __global__ void gradient(const double *x, double *dx, double *y, double *dy, int n) {
  long lane = (long)n * sizeof(double);
  __enzyme_autodiff((void *)elementwise_w2, enzyme_width, 2, enzyme_dupv, lane, x, dx,
                    enzyme_dupv, lane, y, dy, enzyme_const, n);
}
extern "C" __global__ void tangent(const double *x, double *dx, double *y, double *dy, int n) {
  long lane = (long)n * sizeof(double);
  __enzyme_fwddiff((void *)elementwise_w2, enzyme_width, 2, enzyme_dupv, lane, x, dx,
                   enzyme_dupv, lane, y, dy, enzyme_const, n);
}
