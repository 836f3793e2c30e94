// A table of pointers that holds the address of a global with a shadow (@w) next to one
// that holds floats but has none (@v): its shadow cannot be made (what would @v's entry
// be?), so a pointer read from it would have no shadow and the derivative through it would
// be lost. A one-line error naming both globals. (With only shadowed globals, or ones
// holding no floats, the table gets a shadow: regress/table-of-shadowed-global.c.)
// RUN: clang -O0 -S -emit-llvm %s -o %t.ll
// RUN: sed -e 's/^\(@w = .*\)$/\1, !enzyme_shadow !9999/' %t.ll > %t.shadow.ll
// RUN: echo '!9999 = !{ptr @dw}' >> %t.shadow.ll
// RUN: rm -f %t.out.ll
// RUN: not enzyme-opt %t.shadow.ll -S -o %t.out.ll 2>&1 | filecheck %s
// RUN: test ! -e %t.out.ll
// CHECK: enzyme-opt: error: in function @f, {{.*}}: @__const.f.rows holds the address of @w, which has a shadow, but has none itself
double w[2] = {1.0, 2.0};
double v[2] = {3.0, 4.0};
double dw[2];
extern double __enzyme_autodiff(void *, ...);

double f(double a) {
  double *rows[2] = {w, v};
  for (int r = 0; r < 2; r++)
    rows[r][r] = rows[r][r] * a;
  return w[0] + v[1];
}

int main(void) { return (int)__enzyme_autodiff((void *)f, 1.5); }
