// An unknown marker global (extern int enzyme_dupx) in C code compiled with
// -g: the error names the file and line of the call.
// RUN: clang -g -O1 -S -emit-llvm %s -o - | %python %S/../Inputs/expect-error.py enzyme-opt - -S -o %t.out | FileCheck %s

extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_dupx;

double sq(double x) { return x * x; }

double t(double x) {
  return __enzyme_fwddiff((void *)sq, enzyme_dupx, x, 1.0);
}

// CHECK: {{^}}enzyme-opt: error: {{.*}}unknown-marker.c:[[# @LINE - 3]], in function @t: unknown Enzyme marker 'enzyme_dupx' in call to __enzyme_fwddiff{{$}}
