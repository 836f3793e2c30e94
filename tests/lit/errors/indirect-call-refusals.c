// What a call through a function pointer with active arguments refuses, in one
// line naming the construct, the function and the source line (-g): vector mode
// (width > 1); a variadic callee; a callee returning a pointer (its table's
// convention covers floats, integers and pointers in, a float, an integer or
// nothing out); a pointer argument without a shadow (the derivatives would write
// through null); __enzyme_virtualreverse of a function whose body is elsewhere.
// RUN: clang -g -O1 -DWIDTH -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s --check-prefix=WIDTH
// RUN: clang -g -O1 -DVARARGS -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s --check-prefix=VARARGS
// RUN: clang -g -O1 -DPOINTER_RESULT -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s --check-prefix=POINTER_RESULT
// RUN: clang -g -O1 -DCONST_POINTER -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s --check-prefix=CONST_POINTER
// RUN: clang -g -O1 -DDECLARATION -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s --check-prefix=DECLARATION
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern void *__enzyme_virtualreverse(void *);
extern int enzyme_dup, enzyme_const, enzyme_width, enzyme_dupv;

typedef double (*unary)(double);
struct model { unary f; double k; };
double sq(double x) { return x * x; }

#ifdef WIDTH
__attribute__((noinline)) double run(struct model *m, double x) { return m->k * m->f(x); }
void go(struct model *m, struct model *dm) {
  __enzyme_fwddiff((void *)run, enzyme_width, 2, enzyme_dup, m, dm, dm, enzyme_dup, 1.0, 1.0, 0.0);
}
#endif

#ifdef VARARGS
typedef double (*variadic)(double, ...);
double sum(double x, ...) { return x; }
__attribute__((noinline)) double run(variadic f, double x) { return f(x, 1.0); }
double go(variadic df) { return __enzyme_autodiff((void *)run, enzyme_dup, sum, df, 2.0); }
#endif

#ifdef POINTER_RESULT
typedef double *(*pick)(double *);
double *first(double *p) { return p; }
__attribute__((noinline)) double run(pick f, double *p) { return *f(p); }
double go(pick df, double *p, double *dp) {
  return __enzyme_autodiff((void *)run, enzyme_dup, first, df, enzyme_dup, p, dp);
}
#endif

#ifdef CONST_POINTER
typedef double (*scaled)(double, double *);
double mul(double x, double *s) { return x * *s; }
__attribute__((noinline)) double run(scaled f, double x, double *s) { return f(x, s); }
double go(scaled df, double *s) {
  return __enzyme_autodiff((void *)run, enzyme_dup, mul, df, 2.0, enzyme_const, s);
}
#endif

#ifdef DECLARATION
extern double elsewhere(double);
void *table(void) { return __enzyme_virtualreverse((void *)elsewhere); }
#endif

// WIDTH: {{^}}enzyme-opt: error: {{.*}}indirect-call-refusals.c:22, in function @run: an indirect call (through a function pointer) with active arguments is not supported in vector mode (width 2){{$}}
// VARARGS: {{^}}enzyme-opt: error: {{.*}}indirect-call-refusals.c:31, in function @run: an indirect call (through a function pointer) of a variadic function with active arguments cannot be differentiated{{$}}
// POINTER_RESULT: {{^}}enzyme-opt: error: {{.*}}indirect-call-refusals.c:38, in function @run: an indirect call (through a function pointer) with active arguments, of a function of type ptr (ptr), cannot be differentiated: tables of derivatives serve functions taking floats, integers and pointers and returning a float, an integer or nothing{{$}}
// CONST_POINTER: {{^}}enzyme-opt: error: {{.*}}indirect-call-refusals.c:47, in function @run: an indirect call (through a function pointer) with active arguments is given a pointer without a shadow: the derivatives called through the table would write through null{{$}}
// DECLARATION: {{^}}enzyme-opt: error: {{.*}}indirect-call-refusals.c:55, in function @table: __enzyme_virtualreverse of @elsewhere: its body is not in this module{{$}}
