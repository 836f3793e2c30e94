// The PTX of a reverse-mode derivative on nvptx64 (without -O) is accepted
// by ptxas.
// code does not have: ptxas fails with "Unresolved extern function 'realloc'".
// REQUIRES: ptxas
// RUN: clang --target=nvptx64-nvidia-cuda -O1 -S -emit-llvm %s -o - | enzyme-opt - --emit asm -o %t.ptx
// RUN: ptxas -arch=sm_80 %t.ptx -o %t.cubin

extern double __enzyme_autodiff(void *, ...);

double f(double x) { return x * x * x; }

double df(double x) { return __enzyme_autodiff((void *)f, x); }
