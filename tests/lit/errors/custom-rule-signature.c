// A registered gradient whose signature does not fit the function is an
// error naming both signatures (here the augmented pass forgets the shadow
// of the pointer argument).
// RUN: clang -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
double __enzyme_autodiff(void *, ...);
__attribute__((noinline)) void square(const double *x, double *out) { *out = *x * *x; }
void *square_aug(const double *x, double *out) { *out = *x * *x; return 0; }
void square_grad(const double *x, double *dx, double *out, double *dout, void *tape) {}
void *__enzyme_register_gradient_square[] = {(void *)square, (void *)square_aug,
                                             (void *)square_grad};
double f(double x) { double y; square(&x, &y); return y; }
double g(double x) { return __enzyme_autodiff((void *)f, x); }
// CHECK: enzyme-opt: error: {{.*}}custom-rule-signature.c:12, in function @f: the augmented forward pass @square_aug registered for @square has the signature ptr (ptr, ptr), but a call of @square (void (ptr, ptr)) needs <tape> (ptr, ptr, ptr, ptr) (each pointer argument followed by its shadow; returns the tape)
