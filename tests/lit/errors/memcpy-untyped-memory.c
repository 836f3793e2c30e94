// A memcpy adjoint adds the destination's adjoint into the source element by element, so
// it must know whether the bytes are floats or doubles. Here nothing in the differentiated
// code reads or writes the copied memory (only the caller does, after the call), and -O0
// gives the copy no TBAA tag. enzyme-opt used to take the bytes as doubles: 3 floats are
// 12 bytes, so the gradient of in[2] was silently 0. Now a one-line error with the line.
// RUN: clang -O0 -g -S -emit-llvm %s -o %t.ll
// RUN: rm -f %t.out.ll
// RUN: not enzyme-opt %t.ll -S -o %t.out.ll 2>&1 | filecheck %s
// RUN: test ! -e %t.out.ll
// CHECK: {{^}}enzyme-opt: error: {{.*}}memcpy-untyped-memory.c:16, in function @copy: cannot differentiate a memcpy of memory that holds values never read or written as floating point in the differentiated code
// CHECK-NOT: error
#include <string.h>
extern void __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;

void copy(float *out, const float *in, int n) { memcpy(out, in, n * sizeof *in); }

void grad(float *out, float *dout, const float *in, float *din) {
  __enzyme_autodiff((void *)copy, enzyme_dup, out, dout, enzyme_dup, in, din, enzyme_const, 3);
}
