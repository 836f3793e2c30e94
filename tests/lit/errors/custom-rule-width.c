// A custom forward derivative written for one tangent cannot serve a vector
// (enzyme_width 2) request: an error, not a call with the wrong shapes.
// RUN: clang -O1 -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
typedef struct { double d[2]; } vec2;
vec2 __enzyme_fwddiff(void *, ...);
extern int enzyme_width;
__attribute__((noinline)) double cube(double x) { return x * x * x; }
typedef struct { double y, dy; } dual;
dual cube_fwd(double x, double dx) { dual r = {x * x * x, 3 * x * x * dx}; return r; }
void *__enzyme_register_derivative_cube[] = {(void *)cube, (void *)cube_fwd};
double f(double x) { return cube(x) + x; }
vec2 g(double x) { return __enzyme_fwddiff((void *)f, enzyme_width, 2, x, 1.0, 2.0); }
// CHECK: enzyme-opt: error: {{.*}}the forward derivative @cube_fwd registered for @cube has the signature { double, double } (double, double), but a call of @cube (double (double)) needs { double, [2 x double] } (double, [2 x double]) (each float or pointer argument followed by its tangent ([2 x T] at width 2); returns {primal, tangent})
