// demo.c — a two-variable function and its derivatives through Enzyme's C ABI.
//
//   clang-22 -O2 -S -emit-llvm demo.c -o - | enzyme-opt - -S -o demo.grad.ll
//
// enzyme-opt replaces every __enzyme_* call below with a call to a synthesized
// derivative of f (fwddiffef / diffef in the output).
#include <math.h>

double f(double x, double y) { return x * x * sin(y) + exp(x * y); }

// Markers: C passes them by value; clang lowers each to `load i32, ptr @enzyme_*`.
extern int enzyme_const, enzyme_out;

// Any suffix after the entry-point name is allowed, so C can declare one
// prototype per return type.
extern double __enzyme_fwddiff(void *, ...);
extern double __enzyme_autodiff(void *, ...);

typedef struct { double dx, dy; } grad2;
extern grad2 __enzyme_autodiff2(void *, ...);

// Forward mode (JVP). With no markers, each floating argument is duplicated:
// its value, then its tangent. Seeding (dx, dy) = (1, 0) gives df/dx.
double df_dx_forward(double x, double y) {
  return __enzyme_fwddiff((void *)f, x, 1.0, y, 0.0);
}

// Reverse mode, one active argument: x is active (its derivative is returned),
// y is constant. A single active argument comes back as a plain double.
double df_dx_reverse(double x, double y) {
  return __enzyme_autodiff((void *)f, enzyme_out, x, enzyme_const, y);
}

// Reverse mode, full gradient: with no markers floating arguments are active
// outputs; several of them come back as a struct, in argument order.
grad2 grad_f(double x, double y) {
  return __enzyme_autodiff2((void *)f, x, y);
}
