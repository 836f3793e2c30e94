// OpenMP constructs enzyme-opt does not differentiate are refused in one line that
// names the construct, never a derivative: tasks, ordered, a dynamic schedule,
// nested parallel regions.
// REQUIRES: openmp
// RUN: clang -fopenmp -O2 -DTASK -S -emit-llvm %s -o %t.task.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.task.ll -S -o %t.out | FileCheck %s --check-prefix=TASK
// RUN: clang -fopenmp -O0 -DORDERED -S -emit-llvm %s -o %t.ordered.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.ordered.ll -S -o %t.out | FileCheck %s --check-prefix=ORDERED
// RUN: clang -fopenmp -O1 -DDYNAMIC -S -emit-llvm %s -o %t.dynamic.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.dynamic.ll -S -o %t.out | FileCheck %s --check-prefix=DYNAMIC
// RUN: clang -fopenmp -O2 -DNESTED -S -emit-llvm %s -o %t.nested.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t.nested.ll -S -o %t.out | FileCheck %s --check-prefix=NESTED
// TASK: enzyme-opt: error: in function @f.omp_outlined{{.*}}: differentiating OpenMP tasks (task, taskloop, taskwait, taskgroup) is not supported (@__kmpc_omp_task_alloc)
// ORDERED: enzyme-opt: error: in function @f.omp_outlined{{.*}}: differentiating OpenMP ordered is not supported (@__kmpc_ordered)
// DYNAMIC: enzyme-opt: error: in function @f.omp_outlined{{.*}}: differentiating an OpenMP loop with a dynamic, guided, auto or runtime schedule is not supported (@__kmpc_dispatch_init_4)
// NESTED: enzyme-opt: error: in function @f.omp_outlined{{.*}}: nested OpenMP parallel regions (a parallel region inside a parallel region) are not supported
double __enzyme_autodiff(void *, ...);

void f(double *x, int n) {
#if defined(TASK)
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task
    x[i] *= x[i];
  }
#elif defined(ORDERED)
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++) {
#pragma omp ordered
    x[i] *= x[i];
  }
#elif defined(DYNAMIC)
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < n; i++)
    x[i] *= x[i];
#else
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp parallel for
    for (int j = 0; j < n; j++)
      x[i * n + j] *= x[i * n + j];
  }
#endif
}

void grad(double *x, double *dx, int n) { __enzyme_autodiff((void *)f, x, dx, n); }
