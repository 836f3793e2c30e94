// An elementwise kernel, y[i] = sin(x[i]) * x[i], differentiated in reverse
// mode at -O1..-O3 (clang -nocudainc -nocudalib: sin is llvm.sin.f64).  Each
// thread accumulates only into dx[i], its own element: the add is plain
// behind one uniform check of the launch shape (1-D grid), with the atomic
// kept for any other launch.  The PTX links libdevice (__nv_sin, __nv_cos)
// and ptxas accepts it for sm_80 and sm_90.  The adjoint of y[i] is read and
// reset to 0 by one atomic exchange: a load followed by a store of 0 to the
// same address cost an H200 four times the time of the exchange.
// REQUIRES: ptxas
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O1 -S -emit-llvm %s -o %t.O1.ll -Wno-unknown-cuda-version
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O2 -S -emit-llvm %s -o %t.O2.ll -Wno-unknown-cuda-version
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib -O3 -S -emit-llvm %s -o %t.O3.ll -Wno-unknown-cuda-version
// RUN: enzyme-opt %t.O2.ll -S | FileCheck %s
// RUN: enzyme-opt %t.O1.ll -O2 --emit asm -o %t.O1.ptx
// RUN: enzyme-opt %t.O2.ll -O2 --emit asm -o %t.O2.ptx
// RUN: enzyme-opt %t.O3.ll -O3 --emit asm --mcpu sm_90 -o %t.O3.ptx
// RUN: ptxas -arch=sm_80 %t.O1.ptx -o %t.O1.cubin
// RUN: ptxas -arch=sm_80 %t.O2.ptx -o %t.O2.cubin
// RUN: ptxas -arch=sm_90 %t.O3.ptx -o %t.O3.cubin
// RUN: FileCheck %s --check-prefix=PTX < %t.O2.ptx

#include "Inputs/cuda-mini.h"

__device__ void square_sin(const double *x, double *y, int n) {
  int i = global_x();
  if (i < n)
    y[i] = __builtin_sin(x[i]) * x[i];
}

__global__ void grad(const double *x, double *dx, double *y, double *dy, int n) {
  __enzyme_autodiff((void *)square_sin, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, n);
}

// CHECK-LABEL: define internal void @reverse_{{.*}}square_sin
// CHECK: %grid.is.1d = and i1
// CHECK: atomicrmw xchg ptr %{{.*}}, double 0.000000e+00 monotonic, align 8
// CHECK: call double @__nv_cos(
// CHECK: br i1 %grid.is.1d, label %private.add, label %shared.add
// CHECK: private.add:
// CHECK-NEXT: load double
// CHECK-NEXT: fadd double
// CHECK-NEXT: store double
// CHECK: shared.add:
// CHECK-NEXT: atomicrmw fadd
// CHECK-NOT: enzyme_dup

// PTX: .visible .entry {{.*}}grad
// PTX-NOT: .extern
// PTX: atom.global.exch.b64
// PTX: atom.global.add.f64
