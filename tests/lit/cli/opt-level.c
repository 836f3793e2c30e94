// -O2 runs LLVM's optimization pipeline after differentiation: the
// derivative's adjoint allocas (present at the default, no pipeline) are
// promoted away and the helpers inlined.
// RUN: clang -O1 -S -emit-llvm %s -o %t.in.ll
// RUN: enzyme-opt %t.in.ll -S | FileCheck %s --check-prefix=O0
// RUN: enzyme-opt %t.in.ll -S -O2 | FileCheck %s --check-prefix=O2

extern double __enzyme_autodiff(void *, ...);

double cube(double x) { return x * x * x; }

double dcube(double x) { return __enzyme_autodiff((void *)cube, x); }

// O0-LABEL: define internal double @reverse_cube(
// O0: alloca double

// O2-LABEL: define {{.*}} @dcube(
// O2-NOT: alloca
// O2-NOT: call
// O2: ret double
// O2-NOT: alloca
// O2-NOT: @enzyme_opt.tape.push
