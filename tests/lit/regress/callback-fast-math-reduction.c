// A callback called through a function pointer whose loop -ffast-math vectorizes into a
// sum by llvm.vector.reduce.fadd: before preparation expands that intrinsic, the search
// for functions needing tables of derivatives took it for an opaque library call and gave
// the callback none, so the gradient was refused ("needs the shadow of the called
// pointer"). Found by the C fuzzer (seed 53027, -O2 -ffast-math). Gradient against
// central differences at -O2/-O3 with -ffast-math, and -O2 without.
// RUN: clang -O2 -ffast-math -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -ffast-math -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O2 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
extern double __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const;
typedef double (*energy)(const double *, int, double);

__attribute__((noinline)) double smooth(const double *p, int n, double c) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += tanh(p[i] * c);
  return s;
}
__attribute__((noinline)) double rough(const double *p, int n, double c) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += p[i] * p[i] * c;
  return s;
}

double total(const double *p, int n, double c) {
  energy e = c > 0.5 ? smooth : rough;
  return e(p, n, c) * c;
}

int main(void) {
  double p[16], dp[16] = {0};
  for (int i = 0; i < 16; i++)
    p[i] = 0.1 * i - 0.7;
  double worst = 0;
  for (int k = 0; k < 2; k++) {
    double c = k ? 0.9 : 0.2;
    for (int i = 0; i < 16; i++)
      dp[i] = 0;
    __enzyme_autodiff((void *)total, enzyme_dup, p, dp, enzyme_const, 16, enzyme_const, c);
    for (int i = 0; i < 16; i += 5) {
      double keep = p[i], h = 1e-6;
      p[i] = keep + h;
      double up = total(p, 16, c);
      p[i] = keep - h;
      double down = total(p, 16, c);
      p[i] = keep;
      double err = fabs(dp[i] - (up - down) / (2 * h));
      worst = err > worst ? err : worst;
    }
  }
  printf("%s\n", worst < 1e-6 ? "gradient ok" : "gradient WRONG");
  return 0;
}
// CHECK: gradient ok
