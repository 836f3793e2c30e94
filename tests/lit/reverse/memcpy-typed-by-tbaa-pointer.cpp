// A memcpy between two float buffers that nothing in the differentiated code reads or
// writes as floats (a copy into a scratch buffer, then out of it: Eigen's tensor
// evaluators copy their operands' data so) has no type of its own; the C++ type of the
// pointers does: clang tags the load of `src->data` and the store into `dst->data` with
// the TBAA type "p1 float".  The adjoint moves floats: din[1..3] += dout.  At -O0 clang
// emits no TBAA: the copy is refused in one line, never given a guessed type.
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t1.ll
// RUN: clang -O1 %t1.ll -o %t1 -lstdc++ && %t1 | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t2.ll
// RUN: clang -O2 %t2.ll -o %t2 -lstdc++ && %t2 | FileCheck %s
// RUN: clang -O3 -Xclang -new-struct-path-tbaa -S -emit-llvm %s -o - | enzyme-opt - -S -o %t3.ll
// RUN: clang -O3 %t3.ll -o %t3 -lstdc++ && %t3 | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t0.ll -S -o %t0.out | FileCheck %s --check-prefix=O0
// O0: enzyme-opt: error: in function @_Z1fP3BufPKS_, block {{.*}}: cannot differentiate a memcpy of memory that holds values never read or written as floating point in the differentiated code: the type of its adjoint is unknown (copy the elements in a loop instead)
#include <cstdio>
#include <cstdlib>
#include <cstring>
extern int enzyme_dup;
extern "C" void __enzyme_autodiff(void *, ...);
struct Buf { float *data; long n; };
__attribute__((noinline)) void clone(Buf *dst, const Buf *src) {
  dst->n = src->n;
  dst->data = (float *)malloc(src->n * sizeof(float));
  memcpy(dst->data, src->data, src->n * sizeof(float));
}
void f(Buf *out, const Buf *in) {
  Buf tmp;
  clone(&tmp, in);
  memcpy(out->data, tmp.data + 1, (tmp.n - 1) * sizeof(float));
  free(tmp.data);
}
int main() {
  float x[4] = {1, 2, 3, 4}, dx[4] = {0.5f, 0, 0, 0}, y[3], dy[3] = {10, 20, 30};
  Buf in{x, 4}, din{dx, 4}, out{y, 3}, dout{dy, 3};
  __enzyme_autodiff((void *)f, enzyme_dup, &out, &dout, enzyme_dup, &in, &din);
  // CHECK: 0.5 10 20 30 / 0 0 0
  printf("%g %g %g %g / %g %g %g\n", dx[0], dx[1], dx[2], dx[3], dy[0], dy[1], dy[2]);
}
