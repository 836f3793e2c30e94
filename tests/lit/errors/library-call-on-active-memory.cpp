// C++ stream calls are inactive only on memory that holds no derivative
// (analysis/library.py). Writing the bytes of a derivative-carrying double into a
// stream and reading them back would carry its derivative through the stream, where
// an inactive call loses it: refused, naming the call and why, never a zero gradient.
// Reading a number over a variable that held a derivative is refused the same way
// (the old derivative would survive the overwrite). Both at -O0 and -O2.
// RUN: clang -std=c++17 -O0 -g -S -emit-llvm %s -o %t0.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t0.ll -S -o %t0.out | FileCheck %s
// RUN: clang -std=c++17 -O2 -g -S -emit-llvm %s -o %t2.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t2.ll -S -o %t2.out | FileCheck %s
// RUN: clang -std=c++17 -O2 -g -DOVERWRITE -S -emit-llvm %s -o %t3.ll
// RUN: %python %S/../Inputs/expect-error.py enzyme-opt %t3.ll -S -o %t3.out | FileCheck %s --check-prefix=OVER
// CHECK: enzyme-opt: error: {{.*}}library-call-on-active-memory.cpp:[[#]]{{.*}}std::ostream::write(char const*, long) is taken as inactive (it moves no floats) only on memory that holds no derivative, but it is given memory that may: a value that carries a derivative is stored there
// OVER: enzyme-opt: error: {{.*}}, in function roundtrip(double): function {{.*}}(double&) is taken as inactive (it moves no floats) only on memory that holds no derivative, but it is given memory that may: a value that carries a derivative is stored there
#include <sstream>

extern double __enzyme_autodiff(void *, double);

double roundtrip(double x) {
  std::stringstream s;
  volatile double y = x * x;
#ifdef OVERWRITE
  s << "1.5";
  s >> *(double *)&y;
#else
  s.write((const char *)&y, sizeof y);
  s.read((char *)&y, sizeof y);
#endif
  return y;
}

int main() { return __enzyme_autodiff((void *)roundtrip, 2.0) == 4.0; }
