// Regression: a randomly generated program whose forward derivative was wrong at -O2
// (blocks visited in layout order, see forward/block-layout-order.c). Self-checking:
// exit 0 and silent when right.
// RUN: clang -O0 -S -emit-llvm %s -o %t0.ll
// RUN: enzyme-opt %t0.ll -S -o %t0.out.ll
// RUN: lli %t0.out.ll
// RUN: clang -O1 -S -emit-llvm %s -o %t1.ll
// RUN: enzyme-opt %t1.ll -S -o %t1.out.ll
// RUN: lli %t1.out.ll
// RUN: clang -O2 -S -emit-llvm %s -o %t2.ll
// RUN: enzyme-opt %t2.ll -S -o %t2.out.ll
// RUN: lli %t2.out.ll
// RUN: clang -O3 -S -emit-llvm %s -o %t3.ll
// RUN: enzyme-opt %t3.ll -S -o %t3.out.ll
// RUN: lli %t3.out.ll
/* A randomly generated differentiable program: at -O2 its forward derivative (__enzyme_fwddiff) is wrong, at -O0/-O1 right; reverse mode is right at every level.
   clang-22 -O2 -S -emit-llvm THIS.c -o in.ll && enzyme-opt in.ll -S -o out.ll && clang-22 out.ll -lm -o prog && ./prog   (exit 0 and silent = right) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;
double __enzyme_autodiff(void*, ...);
double __enzyme_fwddiff(void*, ...);

struct S { double u; double v; int tag; };


double f(double* x, int n) {
  double r = 0.0;
  double s1 = x[4];
  for (int i2 = 0; i2 < 2; i2++) {
    s1 = atan(0.8 * s1 + tanh(x[(i2 + 3) % n]));
    if (sin((0.1 * (s1 / (s1 + 1.4)))) >= (-0.4)) {
      r += atan(atan(x[i2]));
      double u3 = (0.58 * (s1 * s1));
      r += u3;
    } else {
      r += x[(3 * i2 + 1) % n];
    }
  }
  r += tanh((s1 * (x[1] / x[3])));
  for (int i4 = 0; i4 < n; i4 += 2) {
    r += hypot(sin(atan(x[(2 * i4 + 1) % n])), atan(sqrt(exp((0.7 * cos(s1))))));
    r += (0.22 * exp((0.81 * fabs((s1 - 1.4)))));
    int k5 = n;
    while (k5 > 1) {
      double u6 = x[0];
      r += pow(((log(u6) / x[(2 * i4 + 3) % n]) + 0.92), (0.5 * i4));
      k5 = k5 / 2;
    }
  }
  x[4] = (x[4] * tanh((x[4] + (0.84 * ((0.32 * (x[1] / (s1 - 1.5))) + (0.25 / hypot(s1, 1.0)))))));
  struct S* s7 = (struct S*)malloc(sizeof(struct S) * 3);
  for (int i8 = 0; i8 < 3; i8++) {
    s7[i8].u = (cos(x[(i8 + 5) % n]) + cos(x[i8 + 2]));
    s7[i8].v = ((x[(2 * i8 + 1) % n] * 0.25) + hypot((0.5 * i8), x[i8 / 2]));
    s7[i8].tag = i8 % 3;
  }
  for (int i9 = 0; i9 < 2; i9++) {
    r += (s7[(3 * i9 + 0) % 3].u * x[3]);
    r += s7[3 - 1 - i9].v;
    r += (fmax(x[(3 * i9 + 3) % n], 1.0) + (s1 * x[n - 1 - i9]));
    double u10 = hypot(atan(s7[(2 * i9 + 3) % 3].u), pow(x[i9 + 2], (-0.5)));
    r += u10;
  }
  free(s7);
  return r;
}

/* ------------------------------------------------------------------ checking harness */
#define SEED 387
#define NX 6
static const double X0[NX] = {0.526, -0.499, 0.751, 1.45, -0.558, 0.937};
static const double V0[NX] = {-0.205, -0.775, -0.995, -0.587, -0.379, -0.201};
static double V[NX];   /* the direction used: V0, bent towards the gradient if nearly orthogonal */
#ifndef RTOL
#define RTOL 1e-6      /* relative tolerance per component */
#endif
#ifndef AFLOOR
#define AFLOOR 1e-8    /* absolute floor, times the FD gradient 2-norm */
#endif
#define CONS 0.1       /* the two FD estimates must agree to CONS * tolerance */

/* f at X0 + t*e_k (k >= 0) or X0 + t*V (k < 0), always on a fresh copy */
static double fpt(int k, double t) {
  double xc[NX];
  for (int i = 0; i < NX; i++) xc[i] = X0[i];
  if (k >= 0) xc[k] += t;
  else for (int i = 0; i < NX; i++) xc[i] += t * V[i];
  return f(xc, NX);
}
/* Richardson extrapolation of central differences with steps 2s and s
   (= the 5-point, 4th-order stencil with step s) */
static double rich(int k, double s) {
  return (8.0 * (fpt(k, s) - fpt(k, -s)) - (fpt(k, 2 * s) - fpt(k, -2 * s))) / (12.0 * s);
}
#ifdef ORACLE_SELFTEST
/* 7-point, 6th-order central difference at a different step: the stand-in
   for the tool in self-test mode */
static double oracle_d(int k) {
  const double s = 1.3e-3;
  return (45.0 * (fpt(k, s) - fpt(k, -s)) - 9.0 * (fpt(k, 2 * s) - fpt(k, -2 * s))
          + (fpt(k, 3 * s) - fpt(k, -3 * s))) / (60.0 * s);
}
#endif

int main(int argc, char** argv) {
  double xw[NX], g[NX], g2[NX], dx[NX];
  double gn = 0.0, vn = 0.0, fwd_ref, fwd_ref2, fwd;
  int bad = 0;
  for (int i = 0; i < NX; i++) xw[i] = X0[i];
  double y = f(xw, NX);   /* xw: x as the primal leaves it (in-place updates) */
  if (argc > 1 && strcmp(argv[1], "--print-primal") == 0) printf("%a\n", y);
  if (argc > 2 && strcmp(argv[1], "--expect-primal") == 0) {
    double want = strtod(argv[2], 0);
    if (!(fabs(y - want) <= 1e-12 * fabs(want) + 1e-300)) {
      fprintf(stderr, "WRONG PRIMAL f(x0) (seed=%d): got %.17g, expected %.17g\n", SEED, y, want);
      return 1;
    }
  }
  /* reference: Richardson FD at two step sizes; they must agree (else discard) */
  for (int k = 0; k < NX; k++) {
    g[k] = rich(k, 5e-4);
    g2[k] = rich(k, 1e-3);
    gn += g[k] * g[k];
    vn += V0[k] * V0[k];
  }
  gn = sqrt(gn);
  vn = sqrt(vn);
  {
    /* a direction nearly orthogonal to the gradient would make the forward
       check insensitive: bend it towards the gradient (max |V_i| stays 1) */
    double dot = 0.0, m = 0.0;
    for (int k = 0; k < NX; k++) { dot += g[k] * V0[k]; V[k] = V0[k]; }
    if (gn > 0.0 && fabs(dot) < 0.2 * gn * vn) {
      for (int k = 0; k < NX; k++) {
        V[k] = V0[k] + (dot >= 0.0 ? 1.0 : -1.0) * vn * g[k] / gn;
        if (fabs(V[k]) > m) m = fabs(V[k]);
      }
      for (int k = 0; k < NX; k++) V[k] /= m;
    }
    vn = 0.0;
    for (int k = 0; k < NX; k++) vn += V[k] * V[k];
    vn = sqrt(vn);
  }
  fwd_ref = rich(-1, 5e-4);
  fwd_ref2 = rich(-1, 1e-3);
  if (!(gn > 0.0) || !isfinite(gn) || !isfinite(y) || !isfinite(fwd_ref)) {
    fprintf(stderr, "ILL-CONDITIONED (discard) seed=%d: f=%g |grad|=%g\n", SEED, y, gn);
    return 2;
  }
  for (int k = 0; k < NX; k++) {
    double tol = RTOL * fabs(g[k]) + AFLOOR * gn;
    if (!(fabs(g[k] - g2[k]) <= CONS * tol)) {
      fprintf(stderr, "ILL-CONDITIONED (discard) seed=%d: FD d/dx[%d] %.17g vs %.17g\n",
              SEED, k, g[k], g2[k]);
      return 2;
    }
  }
  {
    double tol = RTOL * fabs(fwd_ref) + AFLOOR * gn * vn;
    if (!(fabs(fwd_ref - fwd_ref2) <= CONS * tol)) {
      fprintf(stderr, "ILL-CONDITIONED (discard) seed=%d: FD direction %.17g vs %.17g\n",
              SEED, fwd_ref, fwd_ref2);
      return 2;
    }
  }

#ifdef ORACLE_SELFTEST
  for (int k = 0; k < NX; k++) dx[k] = oracle_d(k);
  fwd = oracle_d(-1);
#else
  {
    double xa[NX], xb[NX], vb[NX];
    for (int i = 0; i < NX; i++) { xa[i] = X0[i]; dx[i] = 0.0; }
    __enzyme_autodiff((void*)f, enzyme_dup, xa, dx, enzyme_const, NX);
    for (int i = 0; i < NX; i++) { xb[i] = X0[i]; vb[i] = V[i]; }
    fwd = __enzyme_fwddiff((void*)f, enzyme_dup, xb, vb, enzyme_const, NX);
    /* both calls run the primal: its writes to x (in-place updates) must happen */
    for (int i = 0; i < NX; i++) {
      if (!(fabs(xa[i] - xw[i]) <= 1e-12 * fabs(xw[i]) + 1e-300)) {
        fprintf(stderr, "WRONG PRIMAL x[%d] after __enzyme_autodiff (seed=%d): got %.17g, expected %.17g\n",
                i, SEED, xa[i], xw[i]);
        bad = 1;
      }
      if (!(fabs(xb[i] - xw[i]) <= 1e-12 * fabs(xw[i]) + 1e-300)) {
        fprintf(stderr, "WRONG PRIMAL x[%d] after __enzyme_fwddiff (seed=%d): got %.17g, expected %.17g\n",
                i, SEED, xb[i], xw[i]);
        bad = 1;
      }
    }
  }
#endif
#ifdef ORACLE_PERTURB_GRAD
  for (int k = 0; k < NX; k++) dx[k] *= 1.0 + (ORACLE_PERTURB_GRAD);
#endif
#ifdef ORACLE_PERTURB_FWD
  fwd *= 1.0 + (ORACLE_PERTURB_FWD);
#endif

  for (int k = 0; k < NX; k++) {
    double tol = RTOL * fabs(g[k]) + AFLOOR * gn;
    if (!(fabs(dx[k] - g[k]) <= tol)) {
      fprintf(stderr, "WRONG DERIVATIVE reverse df/dx[%d] (seed=%d): got %.17g, expected %.17g\n",
              k, SEED, dx[k], g[k]);
      bad = 1;
    }
  }
  {
    double tol = RTOL * fabs(fwd_ref) + AFLOOR * gn * vn;
    if (!(fabs(fwd - fwd_ref) <= tol)) {
      fprintf(stderr, "WRONG DERIVATIVE forward df.v (seed=%d): got %.17g, expected %.17g\n",
              SEED, fwd, fwd_ref);
      bad = 1;
    }
  }
  return bad;
}
