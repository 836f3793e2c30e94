// A program whose <enzyme/checkpoint.h> lays EnzymeCkptRegion out in neither of the two
// ways enzyme-opt knows (here a field missing): refused in one line, since regions
// written at another stride would be read wrong by the program's schemes (which index
// regions by a variable, as the header's do, so clang keeps the struct's name at -O2).
// RUN: clang -O0 -g -S -emit-llvm %s -o %t0.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t0.ll -S -o %t.out | FileCheck %s
// RUN: clang -O2 -g -S -emit-llvm %s -o %t2.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t2.ll -S -o %t.out | FileCheck %s
// CHECK: error: {{.*}}checkpoint-region-layout.c:40, in function @loop: <enzyme/checkpoint.h>'s EnzymeCkptRegion is laid out here as
// CHECK-SAME: ptr, i64, i32}: enzyme-opt writes regions as
#include <stdint.h>
#include <string.h>
double __enzyme_autodiff(void *, ...);
void __enzyme_checkpoint_for(void *, int64_t, int64_t, ...);
extern int enzyme_scheme, enzyme_checkpoint_region;

typedef struct EnzymeCkptRegion { void *ptr; uint64_t bytes; uint32_t addrspace; } Region;
typedef struct { int32_t flag; int64_t iteration, startiteration, cpnum; } Action;

static void *init(void *data, int64_t n, uint64_t bytes) { return data; }
static void next(void *state, Action *out) { out->flag = 7; }
static void store(void *state, int64_t slot, int64_t step, const Region *r, uint64_t n) {
  for (uint64_t k = 0, at = 0; k < n; at += r[k++].bytes)
    memcpy((char *)state + at, r[k].ptr, r[k].bytes);
}
static void restore(void *state, int64_t slot, int64_t step, const Region *r, uint64_t n) {
  for (uint64_t k = 0, at = 0; k < n; at += r[k++].bytes)
    memcpy(r[k].ptr, (char *)state + at, r[k].bytes);
}
static void finalize(void *state) {}
static const struct {
  uint32_t version;
  void *init, *next, *store, *restore, *set_nsteps, *finalize, *save, *load, *paths;
} scheme = {1, init, next, store, restore, 0, finalize, 0, 0, 0};

static void step(int64_t i, double *u) { u[0] = u[0] * u[0]; }

double loop(double *u, int64_t n) {
  double saved[1];
  __enzyme_checkpoint_for((void *)step, 0, n, enzyme_scheme, &scheme, saved,
                          enzyme_checkpoint_region, u, (int64_t)sizeof(double), u);
  return u[0];
}

void grad(double *u, double *du, int64_t n) {
  __enzyme_autodiff((void *)loop, u, du, n);
}
