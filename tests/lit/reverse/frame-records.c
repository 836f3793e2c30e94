// A function without loops keeps its tape records in one frame: augmented_f
// pushes it once on entry (whichever branches run), each block writes its
// record at a fixed offset, and reverse_f pops it once as it starts. With a
// loop, records are pushed block by block as before. Numbers at -O0 and -O2
// (branches on both sides of every merge, and the loop).
// RUN: clang -O0 -Xclang -disable-O0-optnone -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o %t.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t.out.ll
// RUN: clang %t.out.ll -lm -o %t.bin
// RUN: %t.bin | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
extern double __enzyme_autodiff(void *, ...);
extern int enzyme_const;

double branchy(double x, double y) {
  double a = x > 0 ? sin(x) * y : cos(y) * x;
  double b = a * a;
  if (y < 1.0)
    b = b * exp(y) + log1p(x * x);
  else
    b = b / (1.0 + y * y);
  return b * x;
}

double looped(double x, int n) {
  double p = 1.0;
  for (int i = 0; i < n; i++)
    p = p * sin(x + i) + x;
  return p;
}

// IR-LABEL: define internal double @augmented_branchy(
// IR: %frame = call ptr @enzyme_opt.tape.push(ptr %tape, i64 [[SIZE:[0-9]+]])
// IR-NOT: @enzyme_opt.tape.push
// IR-LABEL: define internal {{.*}} @reverse_branchy(
// IR: %frame = call ptr @enzyme_opt.tape.pop(ptr %tape, i64 [[SIZE]])
// IR-NOT: @enzyme_opt.tape.pop
// IR-LABEL: define internal void @enzyme_opt.tape.free(
// A tape that cannot grow stops with a message instead of writing through null:
// IR-LABEL: define internal ptr @enzyme_opt.tape.push(
// IR: out.of.memory:
// IR-NEXT: call i64 @write(i32 2, ptr @enzyme_opt.tape.oom, i64 {{[0-9]+}})
// IR-NEXT: call void @abort()
// IR-LABEL: define internal double @augmented_looped(
// IR: call ptr @enzyme_opt.tape.push(
// IR-NOT: %frame =
// IR-LABEL: define

static double fd(double (*f)(double, double), double x, double y, int wrt) {
  double h = 1e-6;
  return wrt == 0 ? (f(x + h, y) - f(x - h, y)) / (2 * h) : (f(x, y + h) - f(x, y - h)) / (2 * h);
}
static double looped_d(double x, double n) { return looped(x, (int)n); }

int main(void) {
  double points[4][2] = {{0.7, 0.4}, {-0.6, 0.3}, {0.9, 1.7}, {-1.1, 2.2}};
  int ok = 1;
  for (int k = 0; k < 4; k++) {
    double x = points[k][0], y = points[k][1];
    double got[3] = {__enzyme_autodiff((void *)branchy, x, enzyme_const, y),
                     __enzyme_autodiff((void *)branchy, enzyme_const, x, y),
                     __enzyme_autodiff((void *)looped, x, 5)};
    double expected[3] = {fd(branchy, x, y, 0), fd(branchy, x, y, 1), fd(looped_d, x, 5, 0)};
    for (int j = 0; j < 3; j++)
      if (fabs(got[j] - expected[j]) > 1e-6 * (1 + fabs(expected[j])))
        ok = 0, printf("derivative %d wrong at (%g, %g): %g vs %g\n", j, x, y, got[j],
                       expected[j]);
  }
  printf("%s\n", ok ? "frame: ok" : "frame: WRONG");
  return 0;
}
// CHECK: frame: ok
