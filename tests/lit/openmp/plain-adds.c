// Plain adds in the reverse sweep of a parallel region (ad/sweeps/openmp/ranges.py): each
// thread's augmented sweep records the shadow bytes its accesses cover, the reverse fork
// cuts away what any other thread covers, and an adjoint is added plainly inside what is
// left, atomically outside.  Own elements only (own), neighbours read by two threads
// (stencil: the chunk boundaries stay atomic), two arrays that overlap (pair, called with
// b = a + 1), a region calling a function (calls: every add stays atomic, no interval
// is recorded), and a region its if clause runs on the calling thread alone (serialized:
// the microtask called directly, its intervals popped as they were pushed).  Reverse mode at -O0..-O3 with 2 and 3 threads, against central
// differences and the program built without -fopenmp.
// REQUIRES: openmp
// RUN: clang -fopenmp -O1 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.ir.ll
// RUN: FileCheck %s --check-prefix=AUG < %t.ir.ll
// RUN: FileCheck %s --check-prefix=REV < %t.ir.ll
// RUN: FileCheck %s --check-prefix=CALLS < %t.ir.ll
// RUN: FileCheck %s --check-prefix=ADD < %t.ir.ll
// RUN: FileCheck %s --check-prefix=FORK < %t.ir.ll
// RUN: clang -fopenmp -O0 -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.0.ll
// RUN: clang -fopenmp %t.0.ll -lm -o %t.0 && %t.0 > %t.0.out
// RUN: env OMP_NUM_THREADS=3 %t.0 > %t.0.3.out
// RUN: clang -fopenmp -O1 -S -emit-llvm %s -o - | enzyme-opt - -O1 -S -o %t.1.ll
// RUN: clang -fopenmp %t.1.ll -lm -o %t.1 && %t.1 > %t.1.out
// RUN: env OMP_NUM_THREADS=3 %t.1 > %t.1.3.out
// RUN: clang -fopenmp -O2 -S -emit-llvm %s -o - | enzyme-opt - -O2 -S -o %t.2.ll
// RUN: clang -fopenmp %t.2.ll -lm -o %t.2 && %t.2 > %t.2.out
// RUN: env OMP_NUM_THREADS=3 %t.2 > %t.2.3.out
// RUN: clang -fopenmp -O3 -S -emit-llvm %s -o - | enzyme-opt - -O3 -S -o %t.3.ll
// RUN: clang -fopenmp %t.3.ll -lm -o %t.3 && %t.3 > %t.3.out
// RUN: env OMP_NUM_THREADS=3 %t.3 > %t.3.3.out
// RUN: clang -O2 -Wno-unknown-pragmas -S -emit-llvm %s -o - | enzyme-opt - -S -o %t.s.ll
// RUN: clang %t.s.ll -lm -o %t.s && %t.s > %t.s.out
// RUN: diff %t.s.out %t.0.out
// RUN: diff %t.s.out %t.0.3.out
// RUN: diff %t.s.out %t.1.out
// RUN: diff %t.s.out %t.1.3.out
// RUN: diff %t.s.out %t.2.out
// RUN: diff %t.s.out %t.2.3.out
// RUN: diff %t.s.out %t.3.out
// RUN: diff %t.s.out %t.3.3.out

// The augmented sweep of a region keeps an interval per group of accesses and pushes them last.
// AUG-LABEL: define internal void @augmented_own.omp_outlined(
// AUG: %omp.lo.0 = alloca i64
// AUG: %omp.hi.0 = alloca i64
// AUG: %omp.lo.0.last = load i64, ptr %omp.lo.0
// AUG-NEXT: %omp.hi.0.last = load i64, ptr %omp.hi.0
// AUG-NEXT: %omp.lo.1.last = load i64, ptr %omp.lo.1
// AUG-NEXT: %omp.hi.1.last = load i64, ptr %omp.hi.1
// AUG-NEXT: %omp.end.0 = add i64 %omp.hi.0.last, 8
// AUG-NEXT: %omp.end.1 = add i64 %omp.hi.1.last, 8
// AUG-NEXT: [[R:%.*]] = call ptr @enzyme_opt.tape.push(ptr %tape, i64 32)
// AUG-NEXT: store i64 %omp.lo.0.last, ptr [[R]]
// AUG: ret void

// Its reverse sweep pops them first and adds through the helper (the adds of a block
// together), no bare atomic.
// REV-LABEL: define internal void @reverse_stencil.omp_outlined(
// REV-NEXT: entry:
// REV-NEXT: %record = call ptr @enzyme_opt.tape.pop(ptr %tape, i64 32)
// REV-NOT: atomicrmw
// REV: call void @enzyme_opt.omp.add.{{.*}}(
// REV-NOT: atomicrmw
// REV: {{^}}}

// A region calling a function records nothing: its adds stay atomic.
// CALLS-LABEL: define internal void @reverse_calls.omp_outlined(
// CALLS-NOT: enzyme_opt.omp.add
// CALLS-NOT: enzyme_opt.tape.pop(ptr %tape, i64 32)
// CALLS: atomicrmw fadd
// CALLS-NOT: enzyme_opt.omp.add
// CALLS: {{^}}}

// The add: plain inside the thread's exclusive interval [a, b), atomic outside it.
// ADD-LABEL: define internal void @enzyme_opt.omp.add.f64.a8(ptr %p, double %v, i64 %a, i64 %b)
// ADD: %start = ptrtoint ptr %p to i64
// ADD: %end = add nuw i64 %start, 8
// ADD: icmp uge i64 %start, %a
// ADD: icmp ule i64 %end, %b
// ADD: br i1 %exclusive, label %plain, label %atomic
// ADD: plain:
// ADD-NEXT: load double, ptr %p
// ADD-NEXT: fadd double
// ADD-NEXT: store double
// ADD: atomic:
// ADD-NEXT: atomicrmw fadd ptr %p, double %v monotonic, align 8

// Between the sweeps: each thread copies its record into the team's table, and before its
// reverse sweep cuts from it what the other threads recorded.
// FORK-LABEL: define internal void @augmented_stencil.omp_outlined.omp_fork(
// FORK: call void @augmented_stencil.omp_outlined(
// FORK: %my.ranges = getelementptr i8, ptr %ranges
// FORK-LABEL: define internal void @reverse_stencil.omp_outlined.omp_fork(
// FORK: call void @enzyme_opt.omp.exclusive(ptr %ranges, i64 {{[0-9]+}}, i64 %{{.*}}, i64 %{{.*}}, ptr %last.record)
// FORK-NEXT: call void @reverse_stencil.omp_outlined(
#include "Inputs/omp-check.h"

#define N 41

void own(const double *x, double *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = x[i] * x[i] + sin(x[i]);
}

void stencil(const double *x, double *y, int n) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    y[i] = x[i - 1] * x[i + 1] + cos(x[i]);
}

void pair(const double *a, const double *b, double *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = a[i] * exp(0.5 * b[i]);
}

__attribute__((noinline)) double square(const double *p) { return *p * *p; }

void calls(const double *x, double *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = square(&x[i]) + x[i];
}

void serialized(const double *x, double *y, int n) {
#pragma omp parallel for if(n > 1000)
  for (int i = 1; i < n - 1; i++)
    y[i] = x[i - 1] * x[i + 1] - x[i];
}

static double weights[N];

static double weighted(const double *y, int from, int to) {
  double s = 0;
  for (int i = from; i < to; i++)
    s += weights[i] * y[i];
  return s;
}

static double loss_own(const double *x) { double y[N]; own(x, y, N); return weighted(y, 0, N); }
static double loss_stencil(const double *x) {
  double y[N];
  stencil(x, y, N);
  return weighted(y, 1, N - 1);
}
static double loss_pair(const double *x) {
  double y[N];
  pair(x, x + 1, y, N - 1);
  return weighted(y, 0, N - 1);
}
static double loss_calls(const double *x) { double y[N]; calls(x, y, N); return weighted(y, 0, N); }
static double loss_serialized(const double *x) {
  double y[N];
  serialized(x, y, N);
  return weighted(y, 1, N - 1);
}

int main(void) {
  double x[N], dx[N], y[N], dy[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.2 + 0.03 * i;
    weights[i] = 1.0 + 0.1 * (i % 7);
  }
#define GRADIENT(name, call, loss)                                                     \
  for (int i = 0; i < N; i++) {                                                        \
    dx[i] = 0;                                                                         \
    dy[i] = weights[i];                                                                \
  }                                                                                    \
  call;                                                                                \
  check_gradient(name, loss, x, dx, N);                                                \
  show(name, dx, N);
  GRADIENT("own", __enzyme_autodiff((void *)own, x, dx, y, dy, N), loss_own)
  GRADIENT("stencil", __enzyme_autodiff((void *)stencil, x, dx, y, dy, N), loss_stencil)
  GRADIENT("pair", __enzyme_autodiff((void *)pair, x, dx, x + 1, dx + 1, y, dy, N - 1), loss_pair)
  GRADIENT("calls", __enzyme_autodiff((void *)calls, x, dx, y, dy, N), loss_calls)
  GRADIENT("serialized", __enzyme_autodiff((void *)serialized, x, dx, y, dy, N), loss_serialized)
  return finish();
}
