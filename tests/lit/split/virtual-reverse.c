// __enzyme_virtualreverse(f): the shadow of a function pointer in reverse mode, a table
// {augment, reverse} with the convention of __enzyme_augmentfwd/__enzyme_reverse:
// augment(args) -> {result, tape}, reverse(args, d_result, tape) -> the adjoints.
// Here the program calls the table itself, and puts it as the shadow of a struct's
// function-pointer field that the differentiated code does not call.
// A function taking a pointer: the shadows of the pointer arguments follow the
// arguments (docs/abi.md), and its reverse adds the adjoint into the shadow memory.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -DPOINTER -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s --check-prefixes=CHECK,POINTER
#include <math.h>
#include <stdio.h>
void *__enzyme_virtualreverse(void *);
void __enzyme_autodiff(void *, ...);

typedef struct { double y; void *tape; } Augmented;
typedef struct { double dx, dy; } Gradients;
typedef struct { Augmented (*augment)(double, double); Gradients (*reverse)(double, double, double, void *); } Table;

double g(double x, double y) { return sin(x) * y + x * x; }

typedef struct { double (*fn)(double, double); double val; } S;
__attribute__((noinline)) double use(S *s) { return s->val * s->val; }

#ifdef POINTER
double scale(double *p) { return 2 * *p; }
typedef struct { Augmented (*augment)(double *, double *);
                 void (*reverse)(double *, double *, double, void *); } PointerTable;
#endif

int main(void) {
  const Table *t = __enzyme_virtualreverse((void *)g);
  double x = 0.5, y = 3.0;
  Augmented a = t->augment(x, y);
  Gradients d = t->reverse(x, y, 1.0, a.tape);
  printf("value %.6f expected %.6f\n", a.y, g(x, y));
  printf("dx %.6f expected %.6f\n", d.dx, cos(x) * y + 2 * x);
  printf("dy %.6f expected %.6f\n", d.dy, sin(x));

  S s = {g, 3.0}, ds = {(double (*)(double, double))t, 0.0};
  __enzyme_autodiff((void *)use, &s, &ds);
  printf("shadow %.6f expected 6.000000\n", ds.val);
#ifdef POINTER
  const PointerTable *pt = __enzyme_virtualreverse((void *)scale);
  double p = 1.25, dp = 0;
  Augmented b = pt->augment(&p, &dp);
  pt->reverse(&p, &dp, 1.0, b.tape);
  printf("scale %.6f expected 2.500000, dp %.6f expected 2.000000\n", b.y, dp);
#endif
  return 0;
}
// CHECK: value [[V:[0-9.]+]] expected [[V]]
// CHECK: dx [[DX:[0-9.]+]] expected [[DX]]
// CHECK: dy [[DY:[0-9.]+]] expected [[DY]]
// CHECK: shadow 6.000000 expected 6.000000
// POINTER: scale 2.500000 expected 2.500000, dp 2.000000 expected 2.000000
