// ba.c — a bundle-adjustment-like objective (ADBench's BA is the model): many small,
// independent reprojection residuals, each reading one camera's 11 parameters and one
// point's 3 coordinates through index arrays.
//   camera: angle-axis rotation (3), centre (3), focal length (1), principal point (2),
//           radial distortion k1, k2 (2); point: 3 coordinates.
//   f = Σ_obs |project(camera[c_obs], point[p_obs]) − measured_obs|²
// Forward: tangent along (dcams, dpts), one direction.
// Reverse: gradient with respect to every camera and point parameter.
#include "bench.h"

#define NCAM 64
#define NPT 4096
#define NOBS 32768
#define CAMP 11

static void rotate(const double *w, const double *x, double *out) {
  double theta2 = w[0] * w[0] + w[1] * w[1] + w[2] * w[2];
  if (theta2 > 1e-12) {  // Rodrigues' formula
    double theta = sqrt(theta2), c = cos(theta), s = sin(theta);
    double k[3] = {w[0] / theta, w[1] / theta, w[2] / theta};
    double kx[3] = {k[1] * x[2] - k[2] * x[1], k[2] * x[0] - k[0] * x[2], k[0] * x[1] - k[1] * x[0]};
    double kdx = k[0] * x[0] + k[1] * x[1] + k[2] * x[2];
    for (int j = 0; j < 3; j++) out[j] = x[j] * c + kx[j] * s + k[j] * kdx * (1 - c);
  } else {  // first order near zero
    out[0] = x[0] + w[1] * x[2] - w[2] * x[1];
    out[1] = x[1] + w[2] * x[0] - w[0] * x[2];
    out[2] = x[2] + w[0] * x[1] - w[1] * x[0];
  }
}

static void project(const double *cam, const double *pt, double *proj) {
  double p[3], rel[3] = {pt[0] - cam[3], pt[1] - cam[4], pt[2] - cam[5]};
  rotate(cam, rel, p);
  double u = p[0] / p[2], v = p[1] / p[2];
  double r2 = u * u + v * v, dist = 1 + cam[9] * r2 + cam[10] * r2 * r2;
  proj[0] = cam[6] * dist * u + cam[7];
  proj[1] = cam[6] * dist * v + cam[8];
}

double ba_objective(const double *cams, const double *pts, const int *cam_idx,
                    const int *pt_idx, const double *meas, int nobs) {
  double total = 0.0;
  for (int o = 0; o < nobs; o++) {
    double proj[2];
    project(&cams[cam_idx[o] * CAMP], &pts[pt_idx[o] * 3], proj);
    double ex = proj[0] - meas[2 * o], ey = proj[1] - meas[2 * o + 1];
    total += ex * ex + ey * ey;
  }
  return total;
}

double __enzyme_fwddiff(void *, ...);
void __enzyme_autodiff(void *, ...);

static double *cams, *pts, *meas, *gcams, *gpts, *dcams, *dpts;
static int *cam_idx, *pt_idx;

static void primal(void) { bench_sink = ba_objective(cams, pts, cam_idx, pt_idx, meas, NOBS); }
static double tangent_value(void) {
  return __enzyme_fwddiff((void *)ba_objective, cams, dcams, pts, dpts, enzyme_const, cam_idx,
                          enzyme_const, pt_idx, enzyme_const, meas, NOBS);
}
static void tangent(void) { bench_sink = tangent_value(); }
static void gradient(void) {
  __enzyme_autodiff((void *)ba_objective, cams, gcams, pts, gpts, enzyme_const, cam_idx,
                    enzyme_const, pt_idx, enzyme_const, meas, NOBS);
}

static double f(void) { return ba_objective(cams, pts, cam_idx, pt_idx, meas, NOBS); }

// The tangent along one camera or point coordinate against a finite difference.
static void check_tangent(double *seed, double *param, const char *what) {
  memset(dcams, 0, NCAM * CAMP * sizeof(double)); memset(dpts, 0, NPT * 3 * sizeof(double));
  *seed = 1.0;
  bench_check("fwd", what, tangent_value(), bench_central_diff(f, param, 1e-5), 1e-6);
}

static void check(void) {
  check_tangent(&dcams[5 * CAMP + 1], &cams[5 * CAMP + 1], "d/dcam_(5,1)");
  check_tangent(&dcams[7 * CAMP + 9], &cams[7 * CAMP + 9], "d/dcam_(7,9)");
  check_tangent(&dpts[100 * 3 + 2], &pts[100 * 3 + 2], "d/dpt_(100,2)");
  memset(gcams, 0, NCAM * CAMP * sizeof(double)); memset(gpts, 0, NPT * 3 * sizeof(double));
  gradient();
  bench_check("rev", "d/dcam_(5,1)", gcams[5 * CAMP + 1], bench_central_diff(f, &cams[5 * CAMP + 1], 1e-5), 1e-6);
  bench_check("rev", "d/dcam_(7,9)", gcams[7 * CAMP + 9], bench_central_diff(f, &cams[7 * CAMP + 9], 1e-5), 1e-6);
  bench_check("rev", "d/dpt_(100,2)", gpts[100 * 3 + 2], bench_central_diff(f, &pts[100 * 3 + 2], 1e-5), 1e-6);
  // timed along a dense direction in every camera and point parameter
  bench_fill(dcams, NCAM * CAMP, 61, -1, 1); bench_fill(dpts, NPT * 3, 62, -1, 1);
}

int main(int argc, char **argv) {
  cams = bench_alloc(NCAM * CAMP); pts = bench_alloc(NPT * 3); meas = bench_alloc(2 * NOBS);
  gcams = bench_alloc(NCAM * CAMP); gpts = bench_alloc(NPT * 3);
  dcams = bench_alloc(NCAM * CAMP); dpts = bench_alloc(NPT * 3);
  cam_idx = malloc(NOBS * sizeof(int)); pt_idx = malloc(NOBS * sizeof(int));
  bench_fill(pts, NPT * 3, 41, -1, 1);
  for (int i = 0; i < NPT; i++) pts[3 * i + 2] += 8;  // in front of the cameras
  for (int c = 0; c < NCAM; c++) {
    double *cam = &cams[c * CAMP];
    bench_fill(cam, 3, 50 + c, -0.3, 0.3);             // rotation
    bench_fill(cam + 3, 3, 150 + c, -0.5, 0.5);        // centre
    cam[6] = 500 + c; cam[7] = 320; cam[8] = 240;      // focal, principal point
    cam[9] = 1e-2; cam[10] = -1e-3;                    // distortion
  }
  unsigned s = 12345;
  for (int o = 0; o < NOBS; o++) {
    s = s * 1103515245u + 12345u; cam_idx[o] = (s >> 8) % NCAM;
    s = s * 1103515245u + 12345u; pt_idx[o] = (s >> 8) % NPT;
  }
  bench_fill(meas, 2 * NOBS, 60, 200, 400);
  static const thunk thunks[] = {{"primal", primal, ""}, {"tangent", tangent, "fwd"}, {"gradient", gradient, "rev"}, {0, 0, 0}};
  return bench_main(argc, argv, check, thunks);
}
