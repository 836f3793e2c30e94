// cpp/exceptions_not_thrown.cpp - exception handling compiled in, no
// exception thrown: a helper that throws std::domain_error on a bad input
// (never bad here), called inside try { } catch (...) { } in the
// differentiated function, a local object with a destructor live across the
// calls (so they are invokes with cleanup landing pads), and the entry-point
// calls themselves inside a try block in main. Both modes.
#include <cmath>
#include <stdexcept>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);

__attribute__((noinline)) double checked_sqrt(double v) {
  if (v < 0)
    throw std::domain_error("checked_sqrt of a negative number");
  return std::sqrt(v);
}

// counts its own lifetime: a non-trivial destructor makes every call made
// while it is alive an invoke with a cleanup landing pad
struct Scope {
  int *depth;
  explicit Scope(int *d) : depth(d) { ++*depth; }
  ~Scope() { --*depth; }
};

// f(x, y) = sqrt(x^2 + y) * y, or -1 if the square root throws
double guarded(double x, double y) {
  int depth = 0;
  Scope s(&depth);
  double r;
  try {
    r = checked_sqrt(x * x + y) * y;
  } catch (...) {
    r = -1.0;
  }
  return r + depth;  // depth is 1 here: a constant shift
}

// the throwing helper called outside any try block: an exception would
// propagate to the caller, through the Scope's cleanup
double propagating(double x) {
  int depth = 0;
  Scope s(&depth);
  return checked_sqrt(std::exp(x)) + checked_sqrt(x * x);
}

struct G2 { double dx, dy; };
extern "C" G2 __enzyme_autodiff2(void *, ...);

int main() {
  const double x = 0.9, y = 1.7;
  auto g_x = [&](double v) { return guarded(v, y); };
  auto g_y = [&](double v) { return guarded(x, v); };
  try {
    G2 g = __enzyme_autodiff2((void *)guarded, x, y);
    check("rev_guarded_dx", g.dx, corpus::fd1(g_x, x), TOL_D);
    check("rev_guarded_dy", g.dy, corpus::fd1(g_y, y), TOL_D);
    check("fwd_guarded", __enzyme_fwddiff((void *)guarded, x, 1.0, y, 1.0),
          corpus::fd1(g_x, x) + corpus::fd1(g_y, y), TOL_D);
    check("rev_propagating", __enzyme_autodiff((void *)propagating, x),
          corpus::fd1(propagating, x), TOL_D);
    check("fwd_propagating", __enzyme_fwddiff((void *)propagating, x, 1.0),
          corpus::fd1(propagating, x), TOL_D);
  } catch (const std::exception &e) {
    printf("unexpected exception: %s\n", e.what());
    return 1;
  }
  return 0;
}
