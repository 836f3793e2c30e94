// A global holding a pointer has a shadow once the program asks for it; a
// pointer stored into it outside differentiated code that is neither an
// allocation nor a global's address has no shadow enzyme-opt could store next
// to it: refused in one line, never a derivative read through a null shadow.
// RUN: clang -O1 -g -S -emit-llvm %s -o %t.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ll -S -o %t.out | FileCheck %s
extern void *__enzyme_context(int);
extern void *__enzyme_shadow(void *, void *, int);
extern double __enzyme_autodiff(void *, ...);
extern int enzyme_context;
double *a;
double buf[4];
__attribute__((noinline)) void init(double *p) { a = p; }
double f(double x) { return a[0] * x; }
int main(void) {
  init(buf);
  void *ctx = __enzyme_context(1);
  double **da = __enzyme_shadow(ctx, &a, 0);
  return (int)__enzyme_autodiff((void *)f, enzyme_context, ctx, 1.0) + (da != 0);
}
// CHECK: enzyme-opt: error: {{.*}}global-pointer-not-mirrored.c:13, in function @init: a pointer that is not an allocation or the address of a global is stored into @a, which has a shadow, outside differentiated code
