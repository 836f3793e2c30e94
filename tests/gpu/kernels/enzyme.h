// Enzyme's C ABI as CUDA device code sees it, for the GPU test kernels.
// Each kernel file defines the same extern "C" entry points, which the
// runner (run.py) launches with one thread per element (T = double, or the
// kernel's element type with ENZYME_ENTRY_POINTS_OF):
//   primal  (const T *x, T *y, int n)
//   gradient(const T *x, T *dx, T *y, T *dy, int n)  reverse mode
//   tangent (const T *x, T *dx, T *y, T *dy, int n)  forward mode
#pragma once

extern __device__ int enzyme_dup, enzyme_const;
extern __device__ void __enzyme_autodiff(void *, ...);
extern __device__ void __enzyme_fwddiff(void *, ...);

#define ENZYME_ENTRY_POINTS(f) ENZYME_ENTRY_POINTS_OF(double, f)

// The same entry points over another element type (float kernels: manifest "dtype").
#define ENZYME_ENTRY_POINTS_OF(T, f)                                                        \
  extern "C" __global__ void primal(const T *x, T *y, int n) { f(x, y, n); }                \
  extern "C" __global__ void gradient(const T *x, T *dx, T *y, T *dy, int n) {              \
    __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, n);    \
  }                                                                                         \
  extern "C" __global__ void tangent(const T *x, T *dx, T *y, T *dy, int n) {               \
    __enzyme_fwddiff((void *)f, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, n);     \
  }
