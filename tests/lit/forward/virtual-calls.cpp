// Forward mode through virtual calls and C callbacks with active arguments: the
// tangent comes from the `forward` slot of the table the shadow pointer holds
// (the same tables reverse mode uses: docs/abi.md). Objects made outside, with
// shadow vtables from __enzyme_virtualreverse, and objects made inside; a C
// callback held in a struct, and one chosen and stored inside. Tangents against central finite differences,
// every level.
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
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_const;
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

__attribute__((noinline)) double total(Shape **shapes, int n, double x) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += shapes[i]->eval(x * (i + 1));
  return s;
}

__attribute__((noinline)) double made_inside(double w, double x, int which) {
  Shape *s = which ? (Shape *)new Wave() : (Shape *)new Square();
  s->w = w;
  double y = s->eval(x);
  delete s;
  return y * w;
}

typedef double (*callback)(double);
struct model {
  callback f;
  double k;
};
double softplus(double x) { return log1p(exp(x)); }
__attribute__((noinline)) double run(struct model *m, double x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    s += m->k * m->f(x);
    x = 0.5 * x + 0.1;
  }
  return s;
}

double cube(double x) { return x * x * x; }
/* A pointer chosen and stored inside the differentiated function. */
__attribute__((noinline)) double pick(double x, int which) {
  struct model m;
  m.f = which ? cube : softplus;
  m.k = 2.0;
  return run(&m, x, 3);
}

static int close(double a, double b) { return fabs(a - b) < 1e-5 * (1 + fabs(b)); }

int main() {
  double h = 1e-6;
  Shape *shapes[2] = {new Square(), new Wave()};
  Shape *dshapes[2] = {new Square(), new Wave()};
  for (int i = 0; i < 2; i++) {
    shapes[i]->w = 1.5 - i;
    *(void **)dshapes[i] = __enzyme_virtualreverse(*(void **)dshapes[i]);
  }
  /* direction: x and the second object's w */
  dshapes[0]->w = 0;
  dshapes[1]->w = 1;
  double x = 0.8;
  double t = __enzyme_fwddiff((void *)total, enzyme_dup, shapes, dshapes, enzyme_const, 2,
                              x, 1.0);
  double y0 = total(shapes, 2, x);
  shapes[1]->w += h;
  double up = total(shapes, 2, x + h);
  shapes[1]->w -= 2 * h;
  double down = total(shapes, 2, x - h);
  shapes[1]->w += h;
  printf("objects from outside: %s\n", close(t, (up - down) / (2 * h)) && y0 == y0 ? "ok" : "WRONG");
  // CHECK: objects from outside: ok
  for (int which = 0; which < 2; which++) {
    double w = 1.3, x2 = 0.4;
    double d = __enzyme_fwddiff((void *)made_inside, w, 0.5, x2, 1.0, enzyme_const, which);
    double fd = (made_inside(w + 0.5 * h, x2 + h, which) -
                 made_inside(w - 0.5 * h, x2 - h, which)) / (2 * h);
    printf("made inside %d: %s\n", which, close(d, fd) ? "ok" : "WRONG");
  }
  // CHECK: made inside 0: ok
  // CHECK: made inside 1: ok
  struct model m = {softplus, 1.7}, dm = {(callback)__enzyme_virtualreverse((void *)softplus), 0};
  double tc = __enzyme_fwddiff((void *)run, enzyme_dup, &m, &dm, 0.3, 1.0, enzyme_const, 4);
  printf("callback: %s\n",
         close(tc, (run(&m, 0.3 + h, 4) - run(&m, 0.3 - h, 4)) / (2 * h)) ? "ok" : "WRONG");
  // CHECK: callback: ok
  for (int which = 0; which < 2; which++) {
    double d = __enzyme_fwddiff((void *)pick, 0.6, 1.0, enzyme_const, which);
    double fd = (pick(0.6 + h, which) - pick(0.6 - h, which)) / (2 * h);
    printf("stored inside %d: %s\n", which, close(d, fd) ? "ok" : "WRONG");
  }
  // CHECK: stored inside 0: ok
  // CHECK: stored inside 1: ok
}
