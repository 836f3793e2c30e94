// Virtual calls with active arguments in differentiated code, reverse mode
// (Enzyme's virtualshadow3.cpp, grown): the derivatives are called through the
// shadow object's vtable, whose slots are tables of the methods' derivatives.
// Objects made outside get their shadow vtable from __enzyme_virtualreverse
// (at -O0 the vtable address is read at run time); objects made with `new`
// inside the differentiated function get it from their constructor's store.
// Gradients against central finite differences, every level.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o - | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o - | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o - | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" int enzyme_dup, enzyme_const, enzyme_out;
struct Pair { double dw, dx; };
extern "C" Pair __enzyme_autodiff_pair(void *, ...);  /* the same entry point, two results */
template <typename T> T __enzyme_virtualreverse(T);

struct Shape {
  double w;
  virtual double eval(double x) const = 0;
  virtual ~Shape() {}
};
struct Square : Shape {
  double eval(double x) const override { return w * x * x; }
};
struct Wave : Shape {
  double eval(double x) const override { return w * sin(x) + x; }
};

/* The objects come from outside: two classes behind one call site. */
__attribute__((noinline)) double total(Shape **shapes, int n, double x) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += shapes[i]->eval(x * (i + 1));
  return s;
}

/* The objects are made inside the differentiated function. */
__attribute__((noinline)) double made_inside(double w, double x, int which) {
  Shape *s = which ? (Shape *)new Wave() : (Shape *)new Square();
  s->w = w;
  double y = s->eval(x);
  delete s; /* a virtual call too: the deleting destructor's table */
  return y * w;
}

static double fd(double (*f)(double, double, int), double w, double x, int which, int dw) {
  double h = 1e-6;
  return dw ? (f(w + h, x, which) - f(w - h, x, which)) / (2 * h)
            : (f(w, x + h, which) - f(w, x - h, which)) / (2 * h);
}

static int close(double a, double b) { return fabs(a - b) < 1e-5 * (1 + fabs(b)); }

int main() {
  Shape *shapes[3] = {new Square(), new Wave(), new Square()};
  Shape *dshapes[3] = {new Square(), new Wave(), new Square()};
  double ws[3] = {1.5, -0.7, 0.3};
  for (int i = 0; i < 3; i++) {
    shapes[i]->w = ws[i];
    dshapes[i]->w = 0;
    *(void **)dshapes[i] = __enzyme_virtualreverse(*(void **)dshapes[i]);
  }
  double x = 0.8;
  double dx = __enzyme_autodiff((void *)total, enzyme_dup, shapes, dshapes, enzyme_const, 3, x);
  int ok = 1;
  double h = 1e-6;
  ok &= close(dx, (total(shapes, 3, x + h) - total(shapes, 3, x - h)) / (2 * h));
  for (int i = 0; i < 3; i++) {
    shapes[i]->w = ws[i] + h;
    double up = total(shapes, 3, x);
    shapes[i]->w = ws[i] - h;
    double down = total(shapes, 3, x);
    shapes[i]->w = ws[i];
    ok &= close(dshapes[i]->w, (up - down) / (2 * h));
  }
  printf("objects from outside: %s\n", ok ? "ok" : "WRONG");
  // CHECK: objects from outside: ok
  for (int which = 0; which < 2; which++) {
    double w = 1.3, x2 = 0.4;
    Pair d = __enzyme_autodiff_pair((void *)made_inside, enzyme_out, w, enzyme_out, x2,
                                    enzyme_const, which);
    printf("made inside %d: %s\n", which,
           close(d.dw, fd(made_inside, w, x2, which, 1)) &&
           close(d.dx, fd(made_inside, w, x2, which, 0)) ? "ok" : "WRONG");
  }
  // CHECK: made inside 0: ok
  // CHECK: made inside 1: ok
}
