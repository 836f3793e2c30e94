// The PTX of a forward-mode derivative on nvptx64 is accepted by ptxas.
// REQUIRES: ptxas
// RUN: clang --target=nvptx64-nvidia-cuda -O1 -S -emit-llvm %s -o - | enzyme-opt - --emit asm -o %t.ptx
// RUN: ptxas -arch=sm_80 %t.ptx -o %t.cubin

extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_dup;

double f(double *x, double s) { return x[0] * x[1] * s; }

double df(double *x, double *dx, double s) {
  return __enzyme_fwddiff((void *)f, enzyme_dup, x, dx, s, 1.0);
}
