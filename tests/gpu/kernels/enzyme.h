// Enzyme's C ABI as CUDA device code sees it, for the GPU test kernels.
// Each kernel file defines the same extern "C" entry points, which the
// runner (run.py) launches with one thread per element:
//   primal  (const double *x, double *y, int n)
//   gradient(const double *x, double *dx, double *y, double *dy, int n)  reverse mode
//   tangent (const double *x, double *dx, double *y, double *dy, int n)  forward mode
#pragma once

extern __device__ int enzyme_dup, enzyme_const;
extern __device__ void __enzyme_autodiff(void *, ...);
extern __device__ void __enzyme_fwddiff(void *, ...);

#define ENZYME_ENTRY_POINTS(f)                                                              \
  extern "C" __global__ void primal(const double *x, double *y, int n) { f(x, y, n); }      \
  extern "C" __global__ void gradient(const double *x, double *dx, double *y, double *dy,   \
                                      int n) {                                              \
    __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, n);    \
  }                                                                                         \
  extern "C" __global__ void tangent(const double *x, double *dx, double *y, double *dy,    \
                                     int n) {                                               \
    __enzyme_fwddiff((void *)f, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, n);     \
  }
