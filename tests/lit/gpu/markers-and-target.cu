// CUDA code defining the markers (__device__ int enzyme_dup;) as the Enzyme
// docs' examples do: after lowering, the marker globals are gone from the
// output, so the PTX has no unused .global symbols (ptxas warns about
// unresolved externs when they are only declared).  The CPU and PTX
// features come from the module ("target-cpu"="sm_80"), unless --mcpu /
// --mattr say otherwise.
// REQUIRES: ptxas
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O2 -S -emit-llvm %s -o %t.ll -Wno-unknown-cuda-version
// RUN: enzyme-opt %t.ll -S | FileCheck %s --check-prefix=IR
// RUN: enzyme-opt %t.ll --emit asm -o - | FileCheck %s --check-prefix=SM80
// RUN: enzyme-opt %t.ll --emit asm --mcpu sm_90 -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.sm90.ptx
// RUN: ptxas -arch=sm_90 %t.sm90.ptx -o %t.sm90.cubin
// RUN: enzyme-opt %t.ll --emit asm --mcpu sm_90 --mattr +ptx80 -o - | FileCheck %s --check-prefix=PTX80
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll --emit obj -o %t.o | FileCheck %s --check-prefix=OBJ

#include "Inputs/cuda-mini.h"

__device__ int enzyme_out;

__device__ double cube(double x) { return x * x * x; }

__global__ void grad(const double *x, double *dx) {
  int i = global_x();
  __enzyme_autodiff((void *)cube, enzyme_out, x[i]);
  dx[i] = 0;
}

// IR-NOT: @enzyme_out
// IR-NOT: @enzyme_dup
// IR: define {{.*}} @{{.*}}grad

// SM80: .target sm_80
// SM80-NOT: {{enzyme_(out|dup|const)|__enzyme_}}

// SM90: .version 8.8
// SM90: .target sm_90
// PTX80: .version 8.0
// PTX80: .target sm_90

// OBJ: enzyme-opt: error: nvptx64 has no object files: use --emit asm for PTX (ptxas turns PTX into a cubin)
