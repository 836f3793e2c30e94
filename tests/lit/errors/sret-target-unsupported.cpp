// A target returning through sret takes no argument for it (Enzyme's layout,
// docs/abi.md); what enzyme-opt does not support of it is refused in one line each:
// split mode, reverse mode asking for the primal, and forward mode whose call does not
// itself return through sret (where the primal and shadows would go).  So is Enzyme's
// -enzyme-vectorize-at-leaf-nodes layout (one shadow holding every lane at width N)
// without that option.
// RUN: clang -std=c++17 -O1 -DSPLIT -S -emit-llvm %s -o %t1.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t1.ll -S -o %t.out | FileCheck %s --check-prefix=SPLIT
// SPLIT: enzyme-opt: error: in function @_Z5splitd, block {{.*}}: @_Z6powersd returns its result through an sret pointer, which is supported in forward and combined reverse mode only (without enzyme_primal_return) in call to __enzyme_augmentfwd
// RUN: clang -std=c++17 -O1 -DPRIMAL -S -emit-llvm %s -o %t2.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t2.ll -S -o %t.out | FileCheck %s --check-prefix=PRIMAL
// PRIMAL: enzyme-opt: error: in function @_Z6primald, block {{.*}}: @_Z6powersd returns its result through an sret pointer, which is supported in forward and combined reverse mode only (without enzyme_primal_return) in call to __enzyme_autodiff
// RUN: clang -std=c++17 -O1 -DFORWARD -S -emit-llvm %s -o %t3.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t3.ll -S -o %t.out | FileCheck %s --check-prefix=FORWARD
// FORWARD: enzyme-opt: error: in function @_Z7forwardd, block {{.*}}: @_Z6powersd returns its result through an sret pointer: the call must return it the same way (its own sret memory holds the primal and the shadows) in call to __enzyme_fwddiff
// RUN: clang -std=c++17 -O1 -DLEAF -S -emit-llvm %s -o %t4.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t4.ll -S -o %t.out | FileCheck %s --check-prefix=LEAF
// LEAF: enzyme-opt: error: in function @_Z4leafPKdPd, block {{.*}}: the shadow of parameter 1 of @_Z3sumPKdPd has type i32, but its primal has type ptr (with enzyme_width 4 each duplicated argument takes 4 shadows; one shadow holding every lane is Enzyme's -enzyme-vectorize-at-leaf-nodes layout, which needs that option) in call to __enzyme_fwddiff
// With the option the same call is that layout (tests/lit/forward/leaf-nodes.c):
// RUN: enzyme-opt -enzyme-vectorize-at-leaf-nodes %t4.ll -S -o %t.leaf.ll
// RUN: FileCheck %s --check-prefix=OPTION < %t.leaf.ll
// OPTION: call void @fwddiffe4_Z3sumPKdPd(ptr %{{.*}}, ptr %{{.*}}, ptr %{{.*}}, ptr %{{.*}})
extern int enzyme_dup, enzyme_out, enzyme_width, enzyme_primal_return;
struct Big { double a[4]; };
Big powers(double x) { return Big{{x, x * x, x * x * x, 2 * x}}; }
void sum(const double *x, double *out) { *out = x[0] * x[1]; }
void *__enzyme_augmentfwd(void *, ...);
double __enzyme_autodiff(void *, ...);
Big __enzyme_fwddiff(void *, ...);
extern "C" void __enzyme_fwddiff_leaf(void *, ...);
#ifdef SPLIT
void *split(double x) { Big d{}; return __enzyme_augmentfwd((void *)powers, &d, enzyme_out, x); }
#endif
#ifdef PRIMAL
double primal(double x) {
  Big d{};
  return __enzyme_autodiff((void *)powers, enzyme_primal_return, &d, enzyme_out, x);
}
#endif
#ifdef FORWARD
double forward(double x) {
  double (*fwd)(void *, ...) = (double (*)(void *, ...))__enzyme_fwddiff;
  return fwd((void *)powers, enzyme_dup, x, 1.0);
}
#endif
#ifdef LEAF
void leaf(const double *x, double *dx) {
  double out, dout[4];
  __enzyme_fwddiff_leaf((void *)sum, enzyme_width, 4, enzyme_dup, x, dx, enzyme_dup, &out, dout);
}
#endif
