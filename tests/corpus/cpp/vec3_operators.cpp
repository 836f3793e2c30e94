// cpp/vec3_operators.cpp - operator overloading on a small value type:
// Vec3 with operator+, operator-, scalar operator* (both sides), operator+=
// and free dot/cross/norm functions; Vec3 values (24 bytes: returned through
// sret at -O0) are built, combined and returned by value throughout.
// The differentiated function takes Vec3 by const reference (dup) and an
// active scalar. Both modes.
#include <cmath>
#include "cpp_harness.h"

extern "C" double __enzyme_autodiff(void *, ...);
extern "C" double __enzyme_fwddiff(void *, ...);
extern "C" int enzyme_dup, enzyme_out;

struct Vec3 {
  double x, y, z;
  Vec3 operator+(const Vec3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
  Vec3 operator-(const Vec3 &o) const { return {x - o.x, y - o.y, z - o.z}; }
  Vec3 operator*(double s) const { return {x * s, y * s, z * s}; }
  Vec3 &operator+=(const Vec3 &o) {
    x += o.x; y += o.y; z += o.z;
    return *this;
  }
};
Vec3 operator*(double s, const Vec3 &v) { return v * s; }
double dot(const Vec3 &a, const Vec3 &b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
Vec3 cross(const Vec3 &a, const Vec3 &b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
double norm(const Vec3 &v) { return std::sqrt(dot(v, v)); }

// |r x (F * t)| + r.(F + r) / |r - F|, summed over a few steps of r += t F
double torque(const Vec3 &r0, const Vec3 &f, double t) {
  Vec3 r = r0;
  double acc = 0;
  for (int k = 0; k < 3; k++) {
    acc += norm(cross(r, f * t)) + dot(r, f + r) / norm(r - f);
    r += t * f;
  }
  return acc;
}

int main() {
  Vec3 r = {1.0, -0.5, 0.3}, f = {0.2, 0.8, -1.1};
  const double t = 0.7;
  double p[7] = {r.x, r.y, r.z, f.x, f.y, f.z, t};
  auto eval = [](const double *q) {
    return torque(Vec3{q[0], q[1], q[2]}, Vec3{q[3], q[4], q[5]}, q[6]);
  };

  Vec3 dr = {0, 0, 0}, df = {0, 0, 0};
  double dt = __enzyme_autodiff((void *)torque, enzyme_dup, &r, &dr, enzyme_dup,
                                &f, &df, enzyme_out, t);
  double g[7] = {dr.x, dr.y, dr.z, df.x, df.y, df.z, dt};
  for (int i = 0; i < 7; i++)
    checki("rev_grad", i, g[i], corpus::fdp(eval, p, 7, i), TOL_D);

  Vec3 tr = {1, 0, -1}, tf = {0.5, 0.5, 0};
  double v[7] = {1, 0, -1, 0.5, 0.5, 0, 2.0};
  double tan = __enzyme_fwddiff((void *)torque, enzyme_dup, &r, &tr, enzyme_dup,
                                &f, &tf, t, 2.0);
  check("fwd_dir", tan, corpus::fdp_dir(eval, p, v, 7), TOL_D);
  return 0;
}
