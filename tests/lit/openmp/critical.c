// A critical section combining each thread's partial result into a shared one (the
// shape of Enzyme's omp_crit.c), and one that multiplies: the reverse sweep runs the
// adjoints of the critical sections in exactly the reverse order they ran in (a
// product's adjoint depends on it), each thread following the branch it took and
// walking back its own chunk of the worksharing loop; the barrier between the
// loop and the sections is mirrored.  Reverse and forward mode at -O0..-O3,
// against central differences and the program built
// without -fopenmp (at one thread: the result depends on the team's size).
// REQUIRES: openmp
// RUN: clang -fopenmp -O0 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.0.ll
// RUN: clang -fopenmp %t.0.ll -lm -o %t.0 && %t.0 > %t.0.out
// RUN: clang -fopenmp -O1 -S -emit-llvm %s -o - | enzyme-opt - -O1 -S -o %t.1.ll
// RUN: clang -fopenmp %t.1.ll -lm -o %t.1 && %t.1 > %t.1.out
// RUN: clang -fopenmp -O2 -S -emit-llvm %s -o - | enzyme-opt - -O2 -S -o %t.2.ll
// RUN: clang -fopenmp %t.2.ll -lm -o %t.2 && %t.2 > %t.2.out
// RUN: clang -fopenmp -O3 -S -emit-llvm %s -o - | enzyme-opt - -O3 -S -o %t.3.ll
// RUN: clang -fopenmp %t.3.ll -lm -o %t.3 && %t.3 > %t.3.out
// RUN: clang -O2 -Wno-unknown-pragmas -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.s.ll
// RUN: clang %t.s.ll -lm -o %t.s && %t.s > %t.s.out
// RUN: env OMP_NUM_THREADS=1 %t.0 > %t.0.one.out && diff %t.s.out %t.0.one.out
// RUN: env OMP_NUM_THREADS=1 %t.1 > %t.1.one.out && diff %t.s.out %t.1.one.out
// RUN: env OMP_NUM_THREADS=1 %t.2 > %t.2.one.out && diff %t.s.out %t.2.one.out
// RUN: env OMP_NUM_THREADS=1 %t.3 > %t.3.one.out && diff %t.s.out %t.3.one.out
#include "Inputs/omp-check.h"

#define N 23

double crit(const double *a, int n) {
  double res = 0.0, prod = 1.0;
#pragma omp parallel
  {
    double thread_res = 0.0;
#pragma omp for
    for (int i = 0; i < n; i++)
      thread_res += a[i] * a[i];
#pragma omp critical
    {
      res += thread_res;
      prod *= 1.0 + 0.1 * thread_res;
    }
  }
  return res + prod;
}

int main(void) {
  double a[N], da[N], va[N];
  for (int i = 0; i < N; i++) {
    a[i] = 0.2 + 0.03 * i;
    da[i] = 0;
    va[i] = 1.0 - 0.04 * i;
  }
  __enzyme_autodiff((void *)crit, a, da, N);
  double dir = __enzyme_fwddiff((void *)crit, a, va, N);
  const double h = 1e-6;
  for (int j = 0; j < N; j++) {
    double ap[N], am[N];
    for (int i = 0; i < N; i++) ap[i] = am[i] = a[i];
    ap[j] += h;
    am[j] -= h;
    check("da", j, da[j], (crit(ap, N) - crit(am, N)) / (2 * h));
  }
  double ap[N], am[N];
  for (int i = 0; i < N; i++) {
    ap[i] = a[i] + h * va[i];
    am[i] = a[i] - h * va[i];
  }
  check("dir", 0, dir, (crit(ap, N) - crit(am, N)) / (2 * h));
  show("da", da, N);
  show("dir", &dir, 1);
  return finish();
}
