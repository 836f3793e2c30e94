// A virtual method whose derivatives cannot be made (inline asm on an active value)
// in a vtable the differentiated code uses: its table's functions stop the program
// with the reason instead, and a warning says so when compiling, so the other
// methods' derivatives still work; only a call through the table with active
// arguments stops (never a call of anything else). -O0 and -O2.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: lli %t0.out.ll | FileCheck %s
// RUN: not --crash lli %t0.out.ll odd 2>&1 | FileCheck %s --check-prefix=STOP
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: lli %t2.out.ll | FileCheck %s
// RUN: not --crash lli %t2.out.ll odd 2>&1 | FileCheck %s --check-prefix=STOP
#include <stdio.h>
extern "C" double __enzyme_autodiff(void *, ...);
extern "C" int enzyme_dup, enzyme_const;
template <typename T> T __enzyme_virtualreverse(T);

struct Op {
  double w;
  virtual double eval(double x) const { return w * x * x; }
  virtual double odd(double x) const {
    asm volatile("" : "+x"(x));
    return x * w;
  }
};

__attribute__((noinline)) double f(const Op *o, double x, int use_odd) {
  return use_odd ? o->odd(x) : o->eval(x);
}

int main(int argc, char **argv) {
  Op *o = new Op(), *d = new Op();
  o->w = 1.5;
  d->w = 0;
  *(void **)d = __enzyme_virtualreverse(*(void **)d);
  double dx = __enzyme_autodiff((void *)f, enzyme_dup, o, d, 2.0, enzyme_const, argc > 1);
  printf("%s\n", dx == 6 && d->w == 4 ? "ok" : "WRONG");
}
// WARN: enzyme-opt: warning: no table of derivatives for function Op::odd(double) const (a call through a pointer to it with active arguments will stop the program): {{.*}}inline asm with active operands cannot be differentiated
// WARN-NOT: warning
// CHECK: ok
// STOP: enzyme-opt: a pointer to function Op::odd(double) const was called with active arguments, but its derivatives could not be made: {{.*}}inline asm with active operands cannot be differentiated
