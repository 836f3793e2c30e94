// Lost adds would show here: a stencil over 200,000 cells differentiated 30 times, each
// element's adjoint the sum of three adds from neighbouring iterations, at 2 and 4 threads
// (more threads than cores: preempted threads interleave anywhere).  Chunks of 7
// iterations (schedule(static, 7)) put a chunk boundary, shared by two threads, every 7
// cells; one chunk per thread (blocked) makes the adds plain but at the chunk edges
// (ad/sweeps/openmp/ranges.py).  Every adjoint is compared with the closed form.  With the
// exclusivity test of the plain adds removed, 4 threads lost thousands of adds here.
// REQUIRES: openmp
// RUN: clang -fopenmp -O0 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.0.ll
// RUN: clang -fopenmp -O2 %t.0.ll -lm -o %t.0
// RUN: %t.0 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %t.0 | FileCheck %s
// RUN: clang -fopenmp -O2 -S -emit-llvm %s -o - | enzyme-opt - -O2 -S -o %t.2.ll
// RUN: clang -fopenmp -O2 %t.2.ll -lm -o %t.2
// RUN: %t.2 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %t.2 | FileCheck %s
// CHECK: {{^}}ok 0{{$}}
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

extern void __enzyme_autodiff(void *, ...);

void chunked(const double *x, double *y, long n) {
#pragma omp parallel for schedule(static, 7)
  for (long i = 1; i < n - 1; i++)
    y[i] = x[i - 1] * x[i + 1] + sin(x[i]);
}

void blocked(const double *x, double *y, long n) {
#pragma omp parallel for
  for (long i = 1; i < n - 1; i++)
    y[i] = x[i - 1] * x[i + 1] + sin(x[i]);
}

static double weight(long i) { return 1.0 + (double)(i % 3); }

int main(void) {
  const long n = 200000;
  double *x = malloc(n * sizeof *x), *dx = malloc(n * sizeof *dx);
  double *y = malloc(n * sizeof *y), *dy = malloc(n * sizeof *dy);
  long bad = 0;
  for (int f = 0; f < 2; f++) {
    for (int rep = 0; rep < 30; rep++) {
      for (long i = 0; i < n; i++) {
        x[i] = 0.3 + 1e-6 * (double)i;
        dx[i] = 0;
        dy[i] = weight(i);
      }
      __enzyme_autodiff(f ? (void *)blocked : (void *)chunked, x, dx, y, dy, n);
      for (long i = 1; i < n - 1; i++) {
        // y[i] reads x[i-1], x[i], x[i+1]; x[i] is read by y[i-1], y[i], y[i+1]
        double want = cos(x[i]) * weight(i);
        if (i + 1 < n - 1)
          want += x[i + 2] * weight(i + 1);
        if (i - 1 >= 1)
          want += x[i - 2] * weight(i - 1);
        if (fabs(dx[i] - want) > 1e-12 * (1 + fabs(want))) {
          if (bad < 5)
            printf("%s rep %d: dx[%ld] = %.17g, want %.17g\n", f ? "blocked" : "chunked", rep, i,
                   dx[i], want);
          bad++;
        }
      }
    }
  }
  printf("%s %ld\n", bad ? "lost adds" : "ok", bad);
  return bad != 0;
}
