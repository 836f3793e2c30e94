// Where the run-time activity checks go (ad/runtime_activity.py). An enzyme_const w stored
// into a local struct whose shadow the derivative allocates: the shadow's slot gets w itself
// (the store into the fresh shadow needs no check), and the reverse of the callee that reads
// floats through the pointers it loads from the struct checks each shadow against its primal
// before adding to it (an add to constant data goes to a scratch slot). A module without such
// a store (-DPLAIN: x in both fields) gets no check at all. In forward mode (-DFORWARD) a
// tangent read through such a shadow is 0 where it is the primal.
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | FileCheck %s
// RUN: clang -O2 -DPLAIN -S -emit-llvm %s -o - | enzyme-opt - -S | FileCheck %s --check-prefix=PLAIN
// RUN: clang -O2 -DFORWARD -S -emit-llvm %s -o - | enzyme-opt - -S | FileCheck %s --check-prefix=FWD
// RUN: clang -O2 -DFORWARD -DPLAIN -S -emit-llvm %s -o - | enzyme-opt - -S | FileCheck %s --check-prefix=PLAIN
// CHECK-LABEL: define internal double @augmented_f(
// CHECK-NOT: shadow.is.primal
// CHECK: store ptr %0, ptr %[[#]], align 8, !tbaa
// CHECK-NEXT: store ptr %0, ptr %[[#]], align 8{{$}}
// CHECK-NOT: shadow.is.primal
// CHECK-LABEL: define internal void @reverse_use(
// CHECK: %constant.scratch = alloca double
// CHECK: %shadow.is.primal = icmp eq ptr %[[SHADOW:[0-9]+]], %[[#]]
// CHECK-NEXT: %[[#]] = select i1 %shadow.is.primal, ptr %constant.scratch, ptr %[[SHADOW]]
// FWD-LABEL: define internal double @fwddiffef(
// FWD-NOT: shadow.is.primal
// FWD-LABEL: define internal { double, double } @fwddiffeuse(
// FWD: %shadow.is.primal = icmp eq ptr %[[#]], %[[#]]
// FWD-NEXT: %[[#]] = select i1 %shadow.is.primal, double 0.000000e+00, double %[[#]]
// PLAIN-NOT: shadow.is.primal
// PLAIN-NOT: constant.scratch
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup, enzyme_const;
typedef struct { const double *w; double *x; } Holder;
__attribute__((noinline)) double use(Holder *h, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += h->w[i] * h->x[i] * h->x[i];
  return s;
}
double f(const double *w, double *x, int n) {
#ifdef PLAIN
  Holder h = {x, x};
#else
  Holder h = {w, x};
#endif
  return use(&h, n);
}
void grad(double *w, double *x, double *dx, int n) {
#ifdef FORWARD
  __enzyme_fwddiff((void *)f, enzyme_const, w, enzyme_dup, x, dx, enzyme_const, n);
#else
  __enzyme_autodiff((void *)f, enzyme_const, w, enzyme_dup, x, dx, enzyme_const, n);
#endif
}
