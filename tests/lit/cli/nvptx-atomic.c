// Reverse mode on nvptx64: adjoints accumulated into a pointer's shadow,
// which other threads may share, use atomicrmw fadd (on x86-64 a plain
// load/fadd/store); the PTX has the matching atomic add.
// RUN: clang --target=nvptx64-nvidia-cuda -O1 -S -emit-llvm %s -o %t.in.ll
// RUN: enzyme-opt %t.in.ll -S | FileCheck %s
// RUN: enzyme-opt %t.in.ll -S -O2 | FileCheck %s --check-prefix=O2
// RUN: enzyme-opt %t.in.ll -O2 --emit asm -o - | FileCheck %s --check-prefix=PTX
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | FileCheck %s --check-prefix=X86

extern void __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

void axpy(double *x, double *y, double a) { y[0] += a * x[0] * x[0]; }

void grad(double *x, double *dx, double *y, double *dy, double a) {
  __enzyme_autodiff((void *)axpy, enzyme_dup, x, dx, enzyme_dup, y, dy, enzyme_const, a);
}

// CHECK-LABEL: define internal void @reverse_axpy(
// CHECK: atomicrmw fadd ptr %{{.*}}, double %{{.*}} monotonic
// CHECK: ret void

// O2-LABEL: define {{.*}} @grad(
// O2: atomicrmw fadd ptr
// O2: ret void

// PTX: .visible .func grad(
// PTX: atom{{(.global)?}}.add.f64

// X86-LABEL: define internal void @reverse_axpy(
// X86-NOT: atomicrmw
// X86: fadd double
// X86: ret void
