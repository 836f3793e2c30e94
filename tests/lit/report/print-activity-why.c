// --print-activity: the "why" column (what the program's annotations say
// about a call) is printed whole, with the table's right border; it was cut
// at 150 columns ("inactive: annotate("enzyme_inactive"" and no border).
// RUN: clang -O1 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt --print-activity %t.ll | FileCheck %s
// RUN: enzyme-opt --print-activity %t.ll -o %t.out && not test -e %t.out

extern double __enzyme_autodiff(void *, ...);

__attribute__((annotate("enzyme_inactive"), noinline))
void trace(double s) { __builtin_printf("%g\n", s); }

double g(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * x[i];
  trace(s);
  return s;
}

double dg(const double *x, double *dx) { return __enzyme_autodiff((void *)g, x, dx, 3); }

// CHECK: activity of @preprocess_g (reverse (combined))
// CHECK: ┃ value {{.*}}┃ instruction {{.*}}┃ why {{ *}}┃{{$}}
// CHECK: │ void {{.*}}│ tail call void @preprocess_trace({{.*}}│ inactive: annotate("enzyme_inactive") {{ *}}│{{$}}
