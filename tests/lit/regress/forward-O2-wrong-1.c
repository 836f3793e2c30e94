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

static __attribute__((noinline)) double h1(const double* p, int len, double s) {
  double acc = 0.0;
  for (int k = 0; k < len; k++) {
    acc += cos(s);
  }
  return (acc + fmin(s, (-0.5)));
}

static __attribute__((noinline)) void h2(const double* p, int len, double* res) {
  double acc = 0.0;
  for (int k = 0; k < len; k++) {
    double u1 = (0.9 + p[len - 1 - k]);
    acc += fabs(u1);
  }
  *res = (acc + hypot(p[1], p[1]));
}

double f(double* x, int n) {
  double r = 0.0;
  r += h1(x + 1, 3, pow(x[2], 0.5));
  for (int i1 = 0; i1 < 2; i1++) {
    if (x[i1 / 2] < 1.6) {
      int k2 = 0;
      do {
        double u3 = log((x[k2 + 2] + 1.5));
        r += (x[k2 / 2] * u3);
        k2++;
      } while (k2 < 4);
    } else {
      double o4;
      h2(x + i1, 3, &o4);
      r += (0.21 * log((0.4 * pow((0.5 * o4), x[i1 + 1]))));
    }
  }
  for (int i5 = 0; i5 < n; i5 += 2) {
    r += (x[(3 * i5 + 3) % n] * x[i5 / 2]);
    switch (i5 % 4) {
    case 0: {
      double u6 = ((-0.5) - fabs(x[1]));
      r += u6;
      } break;
    case 1: {
      if (x[5] < (-0.7)) {
        r += sin(x[i5 / 2]);
      } else {
        double u7 = pow(exp((0.95 * cos((x[i5 / 2] * x[(i5 + 3) % n])))), (-0.5));
        r += (x[i5] * fabs(x[i5 / 2]));
        r += u7;
      }
      } break;
    case 2: {
      double u8 = ((-1.5) - x[(2 * i5 + 2) % n]);
      r += (0.71 * (((0.3 * i5) - 2.0) * (0.99 * (u8 * u8))));
      } break;
    default: {
      r += ((x[i5] + x[i5 / 2]) + pow(x[i5 / 2], x[n - 1 - i5]));
      } break;
    }
    for (int i9 = 0; i9 < i5; i9++) {
      switch ((i9 + i5) % 3) {
      case 0: {
        r += ((sin(x[i9]) + (x[3] * x[0])) * (sqrt(x[i9 / 2]) * x[(3 * i5 + 2) % n]));
        } break;
      case 1: {
        r += fabs(fmin(x[(i5 + 5) % n], x[(i5 + 2) % n]));
        } break;
      default: {
        r += cos(fabs((x[(3 * i9 + 2) % n] + x[i9 + 2])));
        } break;
      }
      r += log(pow(hypot((x[4] / x[(2 * i9 + 2) % n]), 0.5), 1.5));
    }
  }
  double t10 = cos(tanh(x[5]));
  double t11 = exp((x[5] * x[5]));
  double s12 = t11;
  for (int i13 = 0; i13 < n - 1; i13++) {
    s12 = s12 * (0.65 + 0.3 * tanh(pow(tanh(t10), 3.0)));
    r += (0.64 * (s12 + s12));
    double u14 = x[i13];
    r += u14;
  }
  r += s12;
  return r;
}

/* ------------------------------------------------------------------ checking harness */
#define SEED 110
#define NX 6
static const double X0[NX] = {1.323, 0.805, 1.111, 0.985, -1.256, -0.945};
static const double V0[NX] = {-0.554, 0.623, -0.959, 0.422, -0.491, 0.995};
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
