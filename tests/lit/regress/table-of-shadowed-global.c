// Issue 9 (found by the C fuzzer, seed 415 at -O0): `double *rows[2] = {w, w}` is copied at
// -O0 from a constant table clang makes (@__const.f.rows) that holds the address of the
// shadowed global @w; pointers read from the copy had no shadow and the gradient through
// them was silently lost (da = 0). Now a one-line error naming both globals.
// RUN: clang -O0 -S -emit-llvm %s -o %t.ll
// RUN: sed -e 's/^\(@w = .*\)$/\1, !enzyme_shadow !9999/' %t.ll > %t.shadow.ll
// RUN: echo '!9999 = !{ptr @dw}' >> %t.shadow.ll
// RUN: rm -f %t.out.ll
// RUN: not enzyme-opt %t.shadow.ll -S -o %t.out.ll 2>&1 | filecheck %s
// RUN: test ! -e %t.out.ll
// CHECK: enzyme-opt: error: in function @f, {{.*}}: @__const.f.rows holds the address of @w, which has a shadow, but has none itself
double w[2] = {1.0, 2.0};
double dw[2];
extern double __enzyme_autodiff(void *, ...);

double f(double a) {
  double *rows[2] = {w, w};
  for (int r = 0; r < 2; r++)
    rows[r][r] = rows[r][r] * a;
  return w[0] + w[1];
}

int main(void) { return (int)__enzyme_autodiff((void *)f, 1.5); }
