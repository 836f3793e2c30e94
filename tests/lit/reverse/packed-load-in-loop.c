// Bundle adjustment's residuals, compacted from bench/kernels/ba.c: clang -O2/-O3 packs the
// residual's arithmetic into <2 x double> vectors around one vector load of two camera
// parameters (cam[3], cam[4]) and insertelements of other scalars (the points read through
// an index array, as in BA: without it clang packs less). enzyme-opt splits that web
// into scalars before differentiating (ad/prepare/scalarize.py), the vector load into one
// load per lane; --no-reuse keeps it packed. The gradient is checked against central
// differences at -O0..-O3 and with --no-reuse, and the IR shows which build split the load.
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: FileCheck %s --check-prefix=IR < %t2.out.ll
// RUN: enzyme-opt %t2.ll --no-reuse -S -o %t2.conservative.ll
// RUN: FileCheck %s --check-prefix=PACKED < %t2.conservative.ll
// RUN: clang %t2.out.ll -lm -o %t2.bin
// RUN: %t2.bin | FileCheck %s
// RUN: lli %t2.conservative.ll | FileCheck %s
// RUN: clang -O0 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O1 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: clang -O3 -S -emit-llvm %s -o - | enzyme-opt - -S | lli | FileCheck %s
// RUN: enzyme-opt %t2.ll -O2 -S -o - | lli | FileCheck %s
#include <math.h>
#include <stdio.h>
extern void __enzyme_autodiff(void *, ...);
extern int enzyme_const;
#define CAMP 11
static void rotate(const double *w, const double *x, double *out) {
  double theta2 = w[0] * w[0] + w[1] * w[1] + w[2] * w[2];
  if (theta2 > 1e-12) {
    double theta = sqrt(theta2), c = cos(theta), s = sin(theta);
    double k[3] = {w[0] / theta, w[1] / theta, w[2] / theta};
    double kx[3] = {k[1] * x[2] - k[2] * x[1], k[2] * x[0] - k[0] * x[2], k[0] * x[1] - k[1] * x[0]};
    double kdx = k[0] * x[0] + k[1] * x[1] + k[2] * x[2];
    for (int j = 0; j < 3; j++) out[j] = x[j] * c + kx[j] * s + k[j] * kdx * (1 - c);
  } else {
    out[0] = x[0] + w[1] * x[2] - w[2] * x[1];
    out[1] = x[1] + w[2] * x[0] - w[0] * x[2];
    out[2] = x[2] + w[0] * x[1] - w[1] * x[0];
  }
}
// Neither sweep holds a vector (each checked up to the next function):
// IR-LABEL: define internal {{.*}} @augmented_objective(
// IR-NOT: x double>
// IR-LABEL: define internal {{.*}} @reverse_objective(
// IR-NOT: x double>
// IR-LABEL: define internal {{.*}} @enzyme_opt.tape.free(
// PACKED-LABEL: define internal {{.*}} @augmented_objective(
// PACKED: load <2 x double>
double objective(const double *cams, const double *pts, const int *cam_idx, const int *pt_idx, const double *meas, int n) {
  double total = 0.0;
  for (int o = 0; o < n; o++) {
    const double *cam = &cams[cam_idx[o] * CAMP], *pt = &pts[3 * pt_idx[o]];
    double p[3], rel[3] = {pt[0] - cam[3], pt[1] - cam[4], pt[2] - cam[5]};
    rotate(cam, rel, p);
    double u = p[0] / p[2], v = p[1] / p[2];
    double r2 = u * u + v * v, dist = 1 + cam[9] * r2 + cam[10] * r2 * r2;
    double ex = cam[6] * dist * u + cam[7] - meas[2 * o], ey = cam[6] * dist * v + cam[8] - meas[2 * o + 1];
    total += ex * ex + ey * ey;
  }
  return total;
}

#define NCAM 2
#define NOBS 5

int main(void) {
  double cams[NCAM * CAMP], pts[3 * NOBS], meas[2 * NOBS], gcams[NCAM * CAMP] = {0},
         gpts[3 * NOBS] = {0}, worst = 0;
  int cam_idx[NOBS] = {0, 1, 1, 0, 1}, pt_idx[NOBS] = {4, 0, 2, 1, 3};
  for (int k = 0; k < NCAM * CAMP; k++)
    cams[k] = 0.1 + 0.05 * sin(1.7 * k + 0.3);
  for (int k = 0; k < NCAM; k++) {
    cams[k * CAMP + 5] = -3.0 - k;  // the centre behind the points: depth well away from 0
    cams[k * CAMP + 6] = 1.5;       // focal length
  }
  for (int k = 0; k < 3 * NOBS; k++)
    pts[k] = 0.4 * cos(0.9 * k);
  for (int k = 0; k < 2 * NOBS; k++)
    meas[k] = 0.2 * sin(2.1 * k);
  __enzyme_autodiff((void *)objective, cams, gcams, pts, gpts, enzyme_const, cam_idx, enzyme_const, pt_idx,
                    enzyme_const, meas, NOBS);
  for (int which = 0; which < 2; which++) {
    double *v = which ? pts : cams, *g = which ? gpts : gcams;
    int count = which ? 3 * NOBS : NCAM * CAMP;
    for (int k = 0; k < count; k++) {
      double h = 1e-6, keep = v[k];
      v[k] = keep + h;
      double up = objective(cams, pts, cam_idx, pt_idx, meas, NOBS);
      v[k] = keep - h;
      double down = objective(cams, pts, cam_idx, pt_idx, meas, NOBS);
      v[k] = keep;
      double fd = (up - down) / (2 * h), err = fabs(g[k] - fd) / fmax(1.0, fabs(fd));
      worst = err > worst ? err : worst;
    }
  }
  printf("residuals %s\n", worst < 1e-6 ? "ok" : "WRONG");
  return 0;
}
// CHECK: residuals ok
