// An nvptx64 module through --emit asm gives PTX: the derivative is a
// (non-visible) .func next to the .visible functions of the input.
// RUN: clang --target=nvptx64-nvidia-cuda -O1 -S -emit-llvm %s -o %t.in.ll
// RUN: enzyme-opt %t.in.ll -S | FileCheck %s --check-prefix=IR
// RUN: enzyme-opt %t.in.ll --emit asm -o - | FileCheck %s

extern double __enzyme_fwddiff(void *, ...);

double f(double x) { return x * x * x; }

double df(double x) { return __enzyme_fwddiff((void *)f, x, 1.0); }

// IR: target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
// IR: target triple = "nvptx64-nvidia-cuda"
// IR-LABEL: define {{.*}} @df(
// IR: call double @fwddiffef(
// IR-LABEL: define internal double @fwddiffef(

// CHECK: .target sm_{{[0-9]+}}
// CHECK: .address_size 64
// CHECK-DAG: .func {{.*}}fwddiffef
// CHECK-DAG: .visible .func {{.*}} f(
// CHECK-DAG: .visible .func {{.*}} df(
// CHECK-DAG: call.uni {{.*}}fwddiffef
// CHECK-NOT: __enzyme_
