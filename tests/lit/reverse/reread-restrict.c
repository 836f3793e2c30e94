// Loads the reverse sweep repeats instead of taping, when the memory they read cannot change
// between the sweeps although the function writes other memory (issue 12, item 1): memory
// behind `restrict` (noalias) parameters that the call tree never writes, and constant
// globals. With restrict, nothing but a loop counter is taped; without it, out[i] may
// overlap x and w, so their loads are taped, but the constant table W is still re-read.
// RUN: clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -S -o %t.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t.out.ll
// RUN: clang %t.out.ll -lm -o %t.bin
// RUN: %t.bin | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
extern void __enzyme_autodiff(void *, ...);
extern int enzyme_dup, enzyme_const, enzyme_dupnoneed;
static const double W[4] = {0.5, -1.25, 2.0, 0.75};

void layer(const double *restrict x, const double *restrict w, double *restrict out, int n) {
  for (int i = 0; i < n; i++)
    out[i] = sin(x[i] * w[i % 3]) * W[i % 4] + x[i] * x[i];
}
void layer_plain(const double *x, const double *w, double *out, int n) {
  for (int i = 0; i < n; i++)
    out[i] = sin(x[i] * w[i % 3]) * W[i % 4] + x[i] * x[i];
}

/* one Enzyme call each: clang -O2 would merge two calls in one function into one call
 * of a select between the two functions */
__attribute__((noinline)) static void grad(double *x, double *dx, double *w, double *dw,
                                           double *out, double *dout) {
  __enzyme_autodiff((void *)layer, enzyme_dup, x, dx, enzyme_dup, w, dw, enzyme_dupnoneed, out,
                    dout, enzyme_const, 5);
}
__attribute__((noinline)) static void grad_plain(double *x, double *dx, double *w, double *dw,
                                                 double *out, double *dout) {
  __enzyme_autodiff((void *)layer_plain, enzyme_dup, x, dx, enzyme_dup, w, dw, enzyme_dupnoneed,
                    out, dout, enzyme_const, 5);
}

int main(void) {
  double x[5] = {0.1, 0.2, 0.3, 0.4, 0.5}, w[3] = {1, 2, 3}, out[5];
  for (int plain = 0; plain < 2; plain++) {
    double dx[5] = {0}, dw[3] = {0}, dout[5] = {1, 1, 1, 1, 1};
    (plain ? grad_plain : grad)(x, dx, w, dw, out, dout);
    /* the gradient of sum(out) by hand */
    double ex[5], ew[3] = {0}, err = 0;
    for (int i = 0; i < 5; i++) {
      double c = cos(x[i] * w[i % 3]) * W[i % 4];
      ex[i] = c * w[i % 3] + 2 * x[i];
      ew[i % 3] += c * x[i];
    }
    for (int i = 0; i < 5; i++) err = fmax(err, fabs(dx[i] - ex[i]));
    for (int k = 0; k < 3; k++) err = fmax(err, fabs(dw[k] - ew[k]));
    printf("%s max error %s\n", plain ? "plain" : "restrict", err < 1e-12 ? "ok" : "WRONG");
  }
  return 0;
}
// CHECK: restrict max error ok
// CHECK-NEXT: plain max error ok
// Without restrict, each iteration tapes x[i] and w[i % 3] (and the index): 24 bytes; with
// it, records of 8 bytes at most (the counter, the index). W[i % 4] is re-read in both.
// IR-LABEL: define internal void @augmented_layer_plain(
// IR: @enzyme_opt.tape.push(ptr %tape, i64 24)
// IR-LABEL: define internal void @augmented_layer(
// IR-NOT: @enzyme_opt.tape.push(ptr %tape, i64 {{[0-9][0-9]+}})
// IR-LABEL: define internal void @reverse_layer(
