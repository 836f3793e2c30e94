// __enzyme_allocation_like = {allocator, size argument, "deallocator
// arguments", deallocator}: a bump allocator whose memory is freed with
// myfree(offset, memory) ("2,-1": the allocation's third argument, then the
// memory). The shadow of its allocation comes from the same allocator, is
// zeroed, and is released through myfree; the program's own myfree call
// frees the shadow too in forward mode. Both modes, -O0 to -O3.
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
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

static char arena[1 << 12];
int offset, allocations, frees;
__attribute__((noinline)) void *myallocator(void *base, int size, int *off) {
  allocations++;
  char *at = (char *)base + *off;
  *off += (size + 15) & ~15;
  return at;
}
__attribute__((noinline)) void myfree(int *off, void *memory) { frees += memory != 0 && *off > 0; }
void *__enzyme_allocation_like[4] = {(void *)myallocator, (void *)1, (void *)"2,-1",
                                     (void *)myfree};

__attribute__((noinline)) double *fill(double x, int n) {
  double *m = (double *)myallocator(arena, n * sizeof(double), &offset);
  for (int i = 0; i < n; i++) m[i] = sin(x * (i + 1));
  return m;
}
double f(double x) {
  double *m = fill(x, 3);
  double s = m[0] * m[1] + m[2];
  myfree(&offset, m);
  return s;
}

int main(void) {
  double x = 0.4;  // d/dx [sin x sin 2x + sin 3x]
  double want = cos(x) * sin(2 * x) + 2 * sin(x) * cos(2 * x) + 3 * cos(3 * x);
  double rev = __enzyme_autodiff((void *)f, x);
  printf("reverse %s allocations=%d frees=%d\n", fabs(rev - want) < 1e-12 ? "ok" : "WRONG",
         allocations, frees);
  allocations = frees = 0;
  double fwd = __enzyme_fwddiff((void *)f, x, 1.0);
  printf("forward %s allocations=%d frees=%d\n", fabs(fwd - want) < 1e-12 ? "ok" : "WRONG",
         allocations, frees);
  return 0;
}
// One allocation and one free for the primal, one each for its shadow.
// CHECK: reverse ok allocations=2 frees=2
// CHECK-NEXT: forward ok allocations=2 frees=2
