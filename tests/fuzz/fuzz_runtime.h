/* fuzz_runtime.h - the checking half of every fuzz program (tests/fuzz/gen.py writes the
 * other half: `typedef ... real;`, NX/NO/NG/HAS_GLOBAL, the helpers and `target`).
 *
 * The checked scalar is  L(p) = target(x, out, n, a) + sum_j C[j] * out[j]  over the
 * parameter vector p = (x[0..NX-1], a, g_w[0..NG-1] when HAS_GLOBAL).
 *
 * Checks: reverse mode (__enzyme_autodiff), split reverse mode (__enzyme_augmentfwd then
 * __enzyme_reverse with the tape), forward mode at widths 1, 2 and 4, and batched reverse
 * mode (__enzyme_autodiff with enzyme_width 2, whose lane l is the gradient of
 * L_l(p) = W_l * target + sum_j C_l[j] * out[j] with lane-specific weights) and, for double
 * programs, batched split mode. The width checks are skipped in programs with a global.
 *
 * References are fourth-order central differences at two step sizes, exact powers of two so
 * that p + t*v is exact in the program's precision. When the two disagree, or the one-sided
 * differences left and right of the point do (a branch threshold or a kink of fabs/fmin/fmax
 * within reach, or plain ill-conditioning), the check is discarded: it says nothing about
 * enzyme-opt. Otherwise the AD value must match.
 *
 * Optional parameters (gen.py defines the macros; a program without them has the four above):
 *   FUZZ_NPTR   target takes `int *N` after a, passed enzyme_const, pointing to an int set to
 *               NX before every call (target may overwrite it with a smaller value: loop
 *               bounds and sizes read through a pointer, then overwritten);
 *   FUZZ_STATE  target takes `struct fuzz_state *s` last, passed enzyme_dup: its reals u, v,
 *               w[0], w[1] are parameters (after g_w in p) and, as target leaves them, terms of
 *               L weighted by FUZZ_CS (target reads and overwrites them, and the int k).
 *   FUZZ_CDATA  target takes `real *cd` after N, passed enzyme_const: NC reals of constant
 *               data (FUZZ_CD_INIT before every call) that target keeps by pointer in memory
 *               with a shadow (gen_pointers.py); every AD call must leave them as the primal
 *               call does, and split mode's reverse call must not write them at all;
 *   FUZZ_EXT    target takes `void *ext` after cd, passed enzyme_dup: an object made outside
 *               target (a struct holding a callback, or a C++ object with virtual methods),
 *               its shadow's function pointer or vtable set with __enzyme_virtualreverse
 *               (objects are made for every call and not freed: a few hundred small ones);
 *   FUZZ_SCALAR_ONLY  no vector-mode checks (widths 2 and 4): the program calls through
 *               function pointers, which vector mode refuses.
 *   FUZZ_HVP    forward mode over reverse mode too (fuzz_check_hvp: a Hessian-vector
 *               product against differences of the reverse-mode gradient); only in programs
 *               with none of the parameters above and no global.
 * In split mode *N, cd and *s are overwritten between the two calls, like x, out and g_w.
 *
 * Output (read by tests/fuzz/run.py): one line per failed or discarded check,
 *   FUZZ wrong|discard <label> <ad> <fd-small-step> <fd-large-step>
 * and a last line  FUZZ-RESULT ok|wrong|discard <checked> <discarded>.
 * With FUZZ_PRINT_AD set in the environment, every value an AD call produced (each gradient
 * component, tangent, shadow and the primal memory it left) is also printed exactly,
 *   FUZZ-AD <label>[<i>] <hex float>
 * which run.py compares between the default derivative and the conservative one (enzyme-opt
 * --no-reuse). FUZZ_AD_SABOTAGE=<r> (tests/unit/fuzz only) prints the first such value
 * perturbed by the relative amount r: the comparison must catch it.
 */
#ifndef ENZYME_FUZZ_RUNTIME_H
#define ENZYME_FUZZ_RUNTIME_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_NOINLINE __attribute__((noinline))

struct rec {
  real v;
  int k;
  real w;
};

struct pair { /* returned by value by helpers: two registers, or <2 x float> for float */
  real p, q;
};

/* A real's bits as an integer of its size (moved through memcpy by gen.py's programs). */
#if REAL_IS_FLOAT
typedef unsigned int fuzz_bits;
#else
typedef unsigned long long fuzz_bits;
#endif

#ifndef FUZZ_NPTR
#define FUZZ_NPTR 0
#endif
#ifndef FUZZ_STATE
#define FUZZ_STATE 0
#endif
#ifndef FUZZ_CDATA
#define FUZZ_CDATA 0
#endif
#ifndef FUZZ_SCALAR_ONLY
#define FUZZ_SCALAR_ONLY 0
#endif
#ifndef FUZZ_EXT
#define FUZZ_EXT 0
#endif
#ifndef FUZZ_HVP
#define FUZZ_HVP 0
#endif
#if FUZZ_HVP && (HAS_GLOBAL || FUZZ_NPTR || FUZZ_STATE || FUZZ_CDATA || FUZZ_EXT)
#error "FUZZ_HVP needs a program without a global or optional parameters"
#endif

#if FUZZ_STATE
/* A struct parameter passed by pointer (enzyme_dup): four reals and an int index. */
struct fuzz_state {
  real u;
  int k;
  real v;
  real w[2];
};
#define NS 4
#else
#define NS 0
#endif

#if HAS_GLOBAL
extern real g_w[NG], d_g_w[NG];
#define NPG (NX + 1 + NG)
#else
#define NPG (NX + 1)
#endif
#define NP (NPG + NS) /* x, a, g_w, then the state's reals */

#if REAL_IS_FLOAT
#define FUZZ_H_LARGE 0x1p-6
#define FUZZ_H_SMALL 0x1p-8
#define FUZZ_AGREE 1e-3
#define FUZZ_KINK 2e-3
#define FUZZ_TOL 3e-3
#else
#define FUZZ_H_LARGE 0x1p-10
#define FUZZ_H_SMALL 0x1p-13
#define FUZZ_AGREE 1e-7
#define FUZZ_KINK 1e-5
#define FUZZ_TOL 1e-6
#endif

/* C++ programs (tests/fuzz/gen_cpp.py) include this header too: the Enzyme entry points and
 * markers keep their C names there. `target` itself is a C++ function (mangled) in them. */
#ifdef __cplusplus
#define FUZZ_EXTERN extern "C"
#else
#define FUZZ_EXTERN extern
#endif

FUZZ_EXTERN int enzyme_dup, enzyme_const, enzyme_width, enzyme_byref;
FUZZ_EXTERN real __enzyme_autodiff(void *, ...);
FUZZ_EXTERN real __enzyme_fwddiff(void *, ...);
typedef struct { real d[2]; } fuzz_lanes2;
typedef struct { real d[4]; } fuzz_lanes4;
FUZZ_EXTERN fuzz_lanes2 __enzyme_fwddiff_width2(void *, ...);
FUZZ_EXTERN fuzz_lanes4 __enzyme_fwddiff_width4(void *, ...);
FUZZ_EXTERN fuzz_lanes2 __enzyme_autodiff_width2(void *, ...);
/* Split mode: __enzyme_augmentfwd returns {tape, result} for a function returning a float. */
typedef struct { void *tape; real result; } fuzz_augmented;
FUZZ_EXTERN fuzz_augmented __enzyme_augmentfwd(void *, ...);
FUZZ_EXTERN real __enzyme_reverse(void *, ...);
FUZZ_EXTERN fuzz_lanes2 __enzyme_reverse_width2(void *, ...);

/* The optional parameters, in every call of target: FUZZ_N (primal, and the enzyme_const
 * argument of AD calls) and FUZZ_S1/2/4 (the state and its one, two or four shadows). */
#if FUZZ_NPTR
static int fuzz_N; /* *N: NX before every call */
static int *fuzz_nptr(void) {
  fuzz_N = NX;
  return &fuzz_N;
}
#define FUZZ_NPTR_PARAM , int *N
#define FUZZ_N_PRIMAL , fuzz_nptr()
#define FUZZ_N_AD , enzyme_const, fuzz_nptr()
#define FUZZ_N_AD_AS_IS , enzyme_const, &fuzz_N /* split mode's reverse call */
#else
#define FUZZ_NPTR_PARAM
#define FUZZ_N_PRIMAL
#define FUZZ_N_AD
#define FUZZ_N_AD_AS_IS
#endif
#if FUZZ_CDATA
/* Constant data (gen_pointers.py): NC reals passed enzyme_const (no shadow), which target
 * keeps by pointer in memory that has a shadow (run-time activity). Set to FUZZ_CD_INIT before
 * every call; an AD call must leave it as the primal call does (fuzz_check_cdata). */
#define NC 5
static const double FUZZ_CD_INIT[NC] = {0.875, -0.375, 1.25, 0.4375, -0.8125};
static real fuzz_cd[NC];
static real *fuzz_cdata(void) {
  for (int i = 0; i < NC; i++)
    fuzz_cd[i] = (real)FUZZ_CD_INIT[i];
  return fuzz_cd;
}
#define FUZZ_CDATA_PARAM , real *cd
#define FUZZ_CD_PRIMAL , fuzz_cdata()
#define FUZZ_CD_AD , enzyme_const, fuzz_cdata()
#define FUZZ_CD_AD_AS_IS , enzyme_const, fuzz_cd /* split mode's reverse call */
#else
#define FUZZ_CDATA_PARAM
#define FUZZ_CD_PRIMAL
#define FUZZ_CD_AD
#define FUZZ_CD_AD_AS_IS
#endif
#if FUZZ_EXT
/* An object made outside target (gen_pointers.py): a struct holding a callback (C) or an
 * object of a class with virtual methods (C++), passed enzyme_dup; its shadow's function
 * pointer or vtable is a table of derivatives (__enzyme_virtualreverse). The program defines
 * fuzz_ext_make(0), a new object, and fuzz_ext_make(1), a new shadow (its reals zero). */
FUZZ_EXTERN void *__enzyme_virtualreverse(void *);
static void *fuzz_ext_make(int shadow);
static void *fuzz_ext_obj, *fuzz_ext_d; /* the last ones made (split mode's reverse call) */
static void *fuzz_ext(int shadow) {
  void *made = fuzz_ext_make(shadow);
  *(shadow ? &fuzz_ext_d : &fuzz_ext_obj) = made;
  return made;
}
#define FUZZ_EXT_PARAM , void *ext
#define FUZZ_X_PRIMAL , fuzz_ext(0)
#define FUZZ_X_AD , enzyme_dup, fuzz_ext(0), fuzz_ext(1)
#define FUZZ_X_AD_AS_IS , enzyme_dup, fuzz_ext_obj, fuzz_ext_d
#else
#define FUZZ_EXT_PARAM
#define FUZZ_X_PRIMAL
#define FUZZ_X_AD
#define FUZZ_X_AD_AS_IS
#endif
#if FUZZ_STATE
#define FUZZ_STATE_PARAM , struct fuzz_state *s
#define FUZZ_S_PRIMAL(s) , s
#define FUZZ_S1(s, d) , enzyme_dup, s, d
#define FUZZ_S2(s, d) , enzyme_dup, s, &(d)[0], &(d)[1]
#define FUZZ_S4(s, d) , enzyme_dup, s, &(d)[0], &(d)[1], &(d)[2], &(d)[3]
#else
struct fuzz_state {
  int unused;
};
#define FUZZ_STATE_PARAM
#define FUZZ_S_PRIMAL(s)
#define FUZZ_S1(s, d)
#define FUZZ_S2(s, d)
#define FUZZ_S4(s, d)
#endif

/* The function under test, defined by the program after this header. Enzyme calls name it
 * directly: at -O0 a function pointer passed down to them is not a constant. */
real target(real *x, real *out, int n, real a FUZZ_NPTR_PARAM FUZZ_CDATA_PARAM FUZZ_EXT_PARAM FUZZ_STATE_PARAM);

static const double FUZZ_C[NO] = {0.75, -0.5, 1.25};   /* weights of out in L */
static const double FUZZ_CS[4] = {0.5, -0.75, 0.25, 1.0}; /* weights of the state in L */
/* The weights of L that the finite differences use: L = fuzz_w * target + sum_j fuzz_c[j] *
 * out[j] + sum_m fuzz_cs[m] * state_m. 1, FUZZ_C and FUZZ_CS, except while a lane of the
 * batched reverse check is compared. */
static double fuzz_w = 1.0;
static const double *fuzz_c = FUZZ_C;
static const double *fuzz_cs = FUZZ_CS;
static double fuzz_base[NP];
static int fuzz_checked, fuzz_discarded, fuzz_wrong;

/* FUZZ_PRINT_AD: every value an AD call produced, exactly (run.py compares two builds). */
static int fuzz_print_ad = -1;
static double fuzz_ad_sabotage;
static void fuzz_ad(const char *label, int i, double value) {
  if (fuzz_print_ad < 0) {
    const char *on = getenv("FUZZ_PRINT_AD"), *sabotage = getenv("FUZZ_AD_SABOTAGE");
    fuzz_print_ad = on && *on && strcmp(on, "0") != 0;
    fuzz_ad_sabotage = sabotage ? atof(sabotage) : 0.0;
  }
  if (!fuzz_print_ad)
    return;
  if (fuzz_ad_sabotage != 0.0) { /* the first value only */
    value += fuzz_ad_sabotage * (fabs(value) > 1e-300 ? fabs(value) : 1.0);
    fuzz_ad_sabotage = 0.0;
  }
  printf("FUZZ-AD %s[%d] %a\n", label, i, value);
}

static void fuzz_ad_array(const char *label, const real *values, int count) {
  for (int i = 0; i < count; i++)
    fuzz_ad(label, i, values[i]);
}

/* The state's reals, in the order of p: u, v, w[0], w[1]. */
static real *fuzz_state_field(struct fuzz_state *s, int m) {
#if FUZZ_STATE
  return m == 0 ? &s->u : m == 1 ? &s->v : &s->w[m - 2];
#else
  (void)s, (void)m;
  return 0;
#endif
}

/* The state from p (k = 2); its shadows start as `seed` (weights or a direction). */
static void fuzz_load_state(const double *p, struct fuzz_state *s) {
#if FUZZ_STATE
  s->k = 2;
  for (int m = 0; m < NS; m++)
    *fuzz_state_field(s, m) = (real)p[NPG + m];
#else
  (void)p, (void)s;
#endif
}

static void fuzz_seed_state(struct fuzz_state *d, const double *seed) {
  memset(d, 0, sizeof *d);
  for (int m = 0; m < NS; m++)
    *fuzz_state_field(d, m) = (real)seed[m];
}

/* Unpack p into x, a and the global; out starts at fixed values. */
static real fuzz_load(const double *p, real *x, real *out) {
  for (int i = 0; i < NX; i++)
    x[i] = (real)p[i];
  for (int j = 0; j < NO; j++)
    out[j] = (real)(0.25 * j);
#if HAS_GLOBAL
  for (int k = 0; k < NG; k++)
    g_w[k] = (real)p[NX + 1 + k];
#endif
  return (real)p[NX];
}

#if FUZZ_HVP
static int fuzz_hvp_row = -1; /* >= 0: fuzz_L is the gradient's component row (fuzz_check_hvp) */
static double fuzz_gradient_row(const double *p, int row);
#endif

static double fuzz_L(const double *p) {
#if FUZZ_HVP
  if (fuzz_hvp_row >= 0)
    return fuzz_gradient_row(p, fuzz_hvp_row);
#endif
  real x[NX], out[NO];
  struct fuzz_state s;
  real a = fuzz_load(p, x, out);
  fuzz_load_state(p, &s);
  double r = fuzz_w * target(x, out, NX, a FUZZ_N_PRIMAL FUZZ_CD_PRIMAL FUZZ_X_PRIMAL FUZZ_S_PRIMAL(&s));
  for (int j = 0; j < NO; j++)
    r += fuzz_c[j] * out[j];
  for (int m = 0; m < NS; m++)
    r += fuzz_cs[m] * *fuzz_state_field(&s, m);
  return r;
}

static double fuzz_L_along(const double *v, double t) {
  double p[NP];
  for (int i = 0; i < NP; i++)
    p[i] = fuzz_base[i] + t * v[i];
  return fuzz_L(p);
}

/* L at base + t*v for t = -2h, -h, 0, h, 2h. */
static void fuzz_samples(const double *v, double h, double f[5]) {
  for (int k = 0; k < 5; k++)
    f[k] = fuzz_L_along(v, (k - 2) * h);
}

static double fuzz_fd4(const double f[5], double h) {
  return (8 * (f[3] - f[1]) - (f[4] - f[0])) / (12 * h);
}

/* Compare one AD value with the finite difference along v. Discarded when the central
 * differences at two steps disagree, or when the one-sided differences on the left and on
 * the right do (a kink of fabs/fmin/fmax or a branch threshold within reach: both central
 * stencils can straddle it and still agree, in float especially). */
static void fuzz_compare(const char *label, int lane, double ad, const double *v) {
  double fl[5], fs[5];
  fuzz_samples(v, FUZZ_H_LARGE, fl);
  fuzz_samples(v, FUZZ_H_SMALL, fs);
  double large = fuzz_fd4(fl, FUZZ_H_LARGE), small = fuzz_fd4(fs, FUZZ_H_SMALL);
  double right = (-3 * fs[2] + 4 * fs[3] - fs[4]) / (2 * FUZZ_H_SMALL);
  double left = (3 * fs[2] - 4 * fs[1] + fs[0]) / (2 * FUZZ_H_SMALL);
  double scale = 1.0 + fabs(small);
  if (!(fabs(large - small) <= FUZZ_AGREE * scale) || !(fabs(left - right) <= FUZZ_KINK * scale)) {
    fuzz_discarded++;
    printf("FUZZ discard %s[%d] %.17g %.17g %.17g\n", label, lane, ad, small, large);
    return;
  }
  fuzz_checked++;
  if (!(fabs(ad - small) <= FUZZ_TOL * scale)) {
    fuzz_wrong++;
    printf("FUZZ wrong %s[%d] %.17g %.17g %.17g\n", label, lane, ad, small, large);
  }
}

/* The inputs of the reverse-mode checks at the base point: x, out and their seeds (dout = C;
 * the caller zeroes dx), the state and its shadow (seeded with FUZZ_CS), the global's shadow
 * zeroed; returns a. */
static real fuzz_reverse_inputs(real *x, real *out, real *dout, struct fuzz_state *s,
                                struct fuzz_state *ds) {
  real a = fuzz_load(fuzz_base, x, out);
  for (int j = 0; j < NO; j++)
    dout[j] = (real)FUZZ_C[j];
  fuzz_load_state(fuzz_base, s);
  fuzz_seed_state(ds, FUZZ_CS);
#if HAS_GLOBAL
  memset(d_g_w, 0, sizeof d_g_w);
#endif
  return a;
}

/* A gradient of L (dx, the derivative da returned for a, the global's shadow, the state's
 * shadow), one component at a time against the FD along e_i. */
static void fuzz_compare_gradient(const char *label, const real *dx, double da,
                                  struct fuzz_state *ds) {
  double grad[NP];
  for (int i = 0; i < NX; i++)
    grad[i] = dx[i];
  grad[NX] = da;
#if HAS_GLOBAL
  for (int k = 0; k < NG; k++)
    grad[NX + 1 + k] = d_g_w[k];
#endif
  for (int m = 0; m < NS; m++)
    grad[NPG + m] = *fuzz_state_field(ds, m);
  for (int i = 0; i < NP; i++)
    fuzz_ad(label, i, grad[i]);
#ifdef FUZZ_SABOTAGE /* tests/unit/fuzz: a wrong gradient must be reported as wrong */
  grad[0] += FUZZ_SABOTAGE * (1.0 + fabs(grad[0]));
#endif
  for (int i = 0; i < NP; i++) {
    double e[NP] = {0};
    e[i] = 1.0;
    fuzz_compare(label, i, grad[i], e);
  }
}

#if FUZZ_CDATA
static real fuzz_cd_after[NC]; /* what a primal call at the base point leaves in the data */

/* The constant data after an AD call: exactly what the primal leaves (`expected`); its
 * derivatives go nowhere, never into it. */
static void fuzz_check_cdata(const char *label, const real *expected) {
  char text[64];
  snprintf(text, sizeof text, "%s.cd", label);
  fuzz_ad_array(text, fuzz_cd, NC);
  for (int i = 0; i < NC; i++) {
    double seen = fuzz_cd[i];
#ifdef FUZZ_SABOTAGE /* tests/unit/fuzz: constant data an AD call changed must be reported */
    seen += i == 0 ? FUZZ_SABOTAGE : 0.0;
#endif
    fuzz_checked++;
    if (!(seen == expected[i])) {
      fuzz_wrong++;
      printf("FUZZ wrong %s[%d] %.17g %.17g %.17g\n", text, i, seen, (double)expected[i],
             (double)expected[i]);
    }
  }
}
#endif

/* The primal memory an AD call left (out, x, the state): printed for the comparison. */
static void fuzz_ad_memory(const char *label, const real *x, const real *out,
                           struct fuzz_state *s) {
  char text[64];
  snprintf(text, sizeof text, "%s.out", label);
  fuzz_ad_array(text, out, NO);
  snprintf(text, sizeof text, "%s.x", label);
  fuzz_ad_array(text, x, NX);
  snprintf(text, sizeof text, "%s.state", label);
  for (int m = 0; m < NS; m++)
    fuzz_ad(text, m, *fuzz_state_field(s, m));
#if FUZZ_STATE
  fuzz_ad(text, NS, s->k);
#endif
#if FUZZ_NPTR
  snprintf(text, sizeof text, "%s.N", label);
  fuzz_ad(text, 0, fuzz_N);
#endif
#if FUZZ_CDATA
  fuzz_check_cdata(label, fuzz_cd_after);
#endif
}

/* Reverse mode: the gradient of L. */
static void fuzz_check_reverse(void) {
  real x[NX], dx[NX] = {0}, out[NO], dout[NO];
  struct fuzz_state s, ds;
  real a = fuzz_reverse_inputs(x, out, dout, &s, &ds);
  (void)s;
  double da = __enzyme_autodiff((void *)target, enzyme_dup, x, dx, enzyme_dup, out, dout,
                                enzyme_const, NX, a FUZZ_N_AD FUZZ_CD_AD FUZZ_X_AD FUZZ_S1(&s, &ds));
  fuzz_ad_memory("reverse", x, out, &s);
  fuzz_compare_gradient("reverse", dx, da, &ds);
}

/* Split reverse mode: the same gradient as fuzz_check_reverse, from __enzyme_augmentfwd (which
 * runs target and returns its result and the tape) and __enzyme_reverse (the same arguments,
 * the differential return 1, the tape; it frees the tape). The reverse pass must read the
 * tape, not the arguments' memory (docs/modes.md): x, out, the global, *N and the state are
 * overwritten between the two calls. The result returned by the augmented call must be
 * target's. */
static void fuzz_check_split(void) {
  real x[NX], dx[NX] = {0}, out[NO], dout[NO];
  struct fuzz_state s, ds;
  real a = fuzz_reverse_inputs(x, out, dout, &s, &ds);
  (void)s;
  fuzz_augmented aug = __enzyme_augmentfwd((void *)target, enzyme_dup, x, dx, enzyme_dup, out,
                                           dout, enzyme_const, NX, a FUZZ_N_AD FUZZ_CD_AD FUZZ_X_AD
                                           FUZZ_S1(&s, &ds));
  fuzz_ad_memory("split", x, out, &s);
  for (int i = 0; i < NX; i++)
    x[i] = (real)(100.0 + i);
  for (int j = 0; j < NO; j++)
    out[j] = (real)(-100.0 - j);
#if HAS_GLOBAL
  for (int k = 0; k < NG; k++)
    g_w[k] = (real)(50.0 + k);
#endif
#if FUZZ_NPTR
  fuzz_N = 1; /* a smaller bound: re-read, it would still index in bounds */
#endif
#if FUZZ_CDATA
  real cd_between[NC]; /* the constant data changed too: the reverse pass reads its tape */
  for (int i = 0; i < NC; i++)
    fuzz_cd[i] = cd_between[i] = (real)(0.5 + 0.25 * i);
#endif
#if FUZZ_STATE
  for (int m = 0; m < NS; m++)
    *fuzz_state_field(&s, m) = (real)(-70.0 - m);
  s.k = 1;
#endif
  /* The differential return 1, passed by reference (it keeps its type; through `...` a float
   * would arrive as a double, which enzyme-opt takes back to float too). */
  real seed = 1;
  double da = __enzyme_reverse((void *)target, enzyme_dup, x, dx, enzyme_dup, out, dout,
                               enzyme_const, NX, a FUZZ_N_AD_AS_IS FUZZ_CD_AD_AS_IS FUZZ_X_AD_AS_IS FUZZ_S1(&s, &ds),
                               enzyme_byref, (int)sizeof seed, &seed, aug.tape);
  fuzz_ad("split-result", 0, aug.result);
#if FUZZ_CDATA
  fuzz_check_cdata("split-reverse", cd_between); /* the reverse pass never writes it */
#endif
  fuzz_compare_gradient("split", dx, da, &ds);
  a = fuzz_load(fuzz_base, x, out);
  fuzz_load_state(fuzz_base, &s);
  double primal = target(x, out, NX, a FUZZ_N_PRIMAL FUZZ_CD_PRIMAL FUZZ_X_PRIMAL FUZZ_S_PRIMAL(&s));
  fuzz_checked++;
  if (!(fabs(aug.result - primal) <= FUZZ_TOL * (1.0 + fabs(primal)))) {
    fuzz_wrong++;
    printf("FUZZ wrong split-result[0] %.17g %.17g %.17g\n", (double)aug.result, primal, primal);
  }
}

/* A direction with entries that are small multiples of 1/8 (exact steps). */
static void fuzz_direction(int lane, double *v) {
  for (int i = 0; i < NP; i++)
    v[i] = (double)(((i * 5 + lane * 3 + 1) % 7) - 3) / 8.0;
}

/* Tangent of L from the tangent of the return, of out and of the state (each printed under
 * label, lane). */
static double fuzz_tangent(const char *label, int lane, double dret, const real *dout,
                           struct fuzz_state *ds) {
  char text[64];
  snprintf(text, sizeof text, "%s.lane%d.ret", label, lane);
  fuzz_ad(text, 0, dret);
  snprintf(text, sizeof text, "%s.lane%d.out", label, lane);
  fuzz_ad_array(text, dout, NO);
  snprintf(text, sizeof text, "%s.lane%d.state", label, lane);
  for (int m = 0; m < NS; m++)
    fuzz_ad(text, m, *fuzz_state_field(ds, m));
  for (int j = 0; j < NO; j++)
    dret += FUZZ_C[j] * dout[j];
  for (int m = 0; m < NS; m++)
    dret += FUZZ_CS[m] * *fuzz_state_field(ds, m);
  return dret;
}

static void fuzz_check_forward(void) {
  double v[NP];
  real x[NX], dx[NX], out[NO], dout[NO] = {0};
  struct fuzz_state s, ds;
  fuzz_direction(0, v);
  real a = fuzz_load(fuzz_base, x, out);
  fuzz_load_state(fuzz_base, &s);
  fuzz_seed_state(&ds, v + NPG);
  for (int i = 0; i < NX; i++)
    dx[i] = (real)v[i];
#if HAS_GLOBAL
  for (int k = 0; k < NG; k++)
    d_g_w[k] = (real)v[NX + 1 + k];
#endif
  double dret = __enzyme_fwddiff((void *)target, enzyme_dup, x, dx, enzyme_dup, out, dout,
                                 enzyme_const, NX, a, (real)v[NX] FUZZ_N_AD FUZZ_CD_AD FUZZ_X_AD FUZZ_S1(&s, &ds));
  fuzz_ad_memory("forward", x, out, &s);
  fuzz_compare("forward", 0, fuzz_tangent("forward", 0, dret, dout, &ds), v);
}

#if !HAS_GLOBAL && !FUZZ_SCALAR_ONLY
/* Vector forward mode, widths 2 and 4: lane l follows direction 1 + l (width 2) or 3 + l. */
static void fuzz_check_width2(void) {
  double v[2][NP];
  real x[NX], out[NO], dx[2][NX], dout[2][NO] = {{0}};
  struct fuzz_state s, ds[2];
  real a = fuzz_load(fuzz_base, x, out);
  fuzz_load_state(fuzz_base, &s);
  for (int l = 0; l < 2; l++) {
    fuzz_direction(1 + l, v[l]);
    fuzz_seed_state(&ds[l], v[l] + NPG);
    for (int i = 0; i < NX; i++)
      dx[l][i] = (real)v[l][i];
  }
  fuzz_lanes2 r = __enzyme_fwddiff_width2(
      (void *)target, enzyme_width, 2, enzyme_dup, x, dx[0], dx[1], enzyme_dup, out, dout[0],
      dout[1], enzyme_const, NX, a, (real)v[0][NX], (real)v[1][NX] FUZZ_N_AD FUZZ_CD_AD FUZZ_X_AD FUZZ_S2(&s, ds));
  fuzz_ad_memory("width2", x, out, &s);
  for (int l = 0; l < 2; l++)
    fuzz_compare("width2", l, fuzz_tangent("width2", l, r.d[l], dout[l], &ds[l]), v[l]);
}

static void fuzz_check_width4(void) {
  double v[4][NP];
  real x[NX], out[NO], dx[4][NX], dout[4][NO] = {{0}};
  struct fuzz_state s, ds[4];
  real a = fuzz_load(fuzz_base, x, out);
  fuzz_load_state(fuzz_base, &s);
  for (int l = 0; l < 4; l++) {
    fuzz_direction(3 + l, v[l]);
    fuzz_seed_state(&ds[l], v[l] + NPG);
    for (int i = 0; i < NX; i++)
      dx[l][i] = (real)v[l][i];
  }
  fuzz_lanes4 r = __enzyme_fwddiff_width4(
      (void *)target, enzyme_width, 4, enzyme_dup, x, dx[0], dx[1], dx[2], dx[3], enzyme_dup,
      out, dout[0], dout[1], dout[2], dout[3], enzyme_const, NX, a, (real)v[0][NX],
      (real)v[1][NX], (real)v[2][NX], (real)v[3][NX] FUZZ_N_AD FUZZ_CD_AD FUZZ_X_AD FUZZ_S4(&s, ds));
  fuzz_ad_memory("width4", x, out, &s);
  for (int l = 0; l < 4; l++)
    fuzz_compare("width4", l, fuzz_tangent("width4", l, r.d[l], dout[l], &ds[l]), v[l]);
}

/* Batched reverse mode, width 2: each duplicated argument takes two shadows, the differential
 * return is two seeds, and the derivative of the active a comes back as two values. Lane l
 * seeds out's shadow with C_l, the state's with CS_l and the return with W_l: it is the
 * gradient of L_l = W_l * target + sum_j C_l[j] * out[j] + sum_m CS_l[m] * state_m, compared
 * with that L_l's finite differences. */
static const double FUZZ_LANE_W[2] = {0.5, -1.25};
static const double FUZZ_LANE_C[2][NO] = {{-1.0, 0.25, 0.75}, {0.5, 1.5, -0.25}};
static const double FUZZ_LANE_CS[2][4] = {{0.25, 1.0, -0.5, 0.75}, {-1.0, 0.5, 1.25, -0.25}};

/* Lane l's gradient (dx, then da) against the finite differences of L_l. */
static void fuzz_compare_lane(const char *mode, int l, const real *dx, double da,
                              struct fuzz_state *ds) {
  char label[64];
  snprintf(label, sizeof label, "%s.lane%d", mode, l);
  fuzz_w = FUZZ_LANE_W[l];
  fuzz_c = FUZZ_LANE_C[l];
  fuzz_cs = FUZZ_LANE_CS[l];
  fuzz_compare_gradient(label, dx, da, ds);
  fuzz_w = 1.0;
  fuzz_c = FUZZ_C;
  fuzz_cs = FUZZ_CS;
}

static real fuzz_lane_inputs(real *x, real *out, real dout[2][NO], struct fuzz_state *s,
                             struct fuzz_state ds[2]) {
  real a = fuzz_load(fuzz_base, x, out);
  fuzz_load_state(fuzz_base, s);
  for (int l = 0; l < 2; l++) {
    for (int j = 0; j < NO; j++)
      dout[l][j] = (real)FUZZ_LANE_C[l][j];
    fuzz_seed_state(&ds[l], FUZZ_LANE_CS[l]);
  }
  return a;
}

static void fuzz_check_reverse_width2(void) {
  real x[NX], out[NO], dx[2][NX] = {{0}}, dout[2][NO];
  struct fuzz_state s, ds[2];
  real a = fuzz_lane_inputs(x, out, dout, &s, ds);
  (void)s;
  fuzz_lanes2 da = __enzyme_autodiff_width2((void *)target, enzyme_width, 2, enzyme_dup, x,
                                            dx[0], dx[1], enzyme_dup, out, dout[0], dout[1],
                                            enzyme_const, NX, a FUZZ_N_AD FUZZ_CD_AD FUZZ_X_AD FUZZ_S2(&s, ds),
                                            (real)FUZZ_LANE_W[0], (real)FUZZ_LANE_W[1]);
  fuzz_ad_memory("reverse-width2", x, out, &s);
  for (int l = 0; l < 2; l++)
    fuzz_compare_lane("reverse-width2", l, dx[l], da.d[l], &ds[l]);
}

/* Batched split mode (docs/modes.md: enzyme_width on both calls, the seeds on the reverse):
 * the same lanes as fuzz_check_reverse_width2, x, out, *N and the state overwritten between
 * the calls as in fuzz_check_split. (A float program's seeds reach enzyme-opt as doubles, C's
 * promotion through `...`, which it takes back to float.) */
static void fuzz_check_split_width2(void) {
  real x[NX], out[NO], dx[2][NX] = {{0}}, dout[2][NO];
  struct fuzz_state s, ds[2];
  real a = fuzz_lane_inputs(x, out, dout, &s, ds);
  (void)s;
  fuzz_augmented aug = __enzyme_augmentfwd((void *)target, enzyme_width, 2, enzyme_dup, x,
                                           dx[0], dx[1], enzyme_dup, out, dout[0], dout[1],
                                           enzyme_const, NX, a FUZZ_N_AD FUZZ_CD_AD FUZZ_X_AD FUZZ_S2(&s, ds));
  fuzz_ad_memory("split-width2", x, out, &s);
  for (int i = 0; i < NX; i++)
    x[i] = (real)(100.0 + i);
  for (int j = 0; j < NO; j++)
    out[j] = (real)(-100.0 - j);
#if FUZZ_NPTR
  fuzz_N = 1;
#endif
#if FUZZ_CDATA
  real cd_between[NC];
  for (int i = 0; i < NC; i++)
    fuzz_cd[i] = cd_between[i] = (real)(0.5 + 0.25 * i);
#endif
#if FUZZ_STATE
  for (int m = 0; m < NS; m++)
    *fuzz_state_field(&s, m) = (real)(-70.0 - m);
  s.k = 1;
#endif
  fuzz_lanes2 da = __enzyme_reverse_width2((void *)target, enzyme_width, 2, enzyme_dup, x,
                                           dx[0], dx[1], enzyme_dup, out, dout[0], dout[1],
                                           enzyme_const, NX, a FUZZ_N_AD_AS_IS FUZZ_CD_AD_AS_IS FUZZ_X_AD_AS_IS FUZZ_S2(&s, ds),
                                           (real)FUZZ_LANE_W[0], (real)FUZZ_LANE_W[1],
                                           aug.tape);
  fuzz_ad("split-width2-result", 0, aug.result);
#if FUZZ_CDATA
  fuzz_check_cdata("split-width2-reverse", cd_between);
#endif
  for (int l = 0; l < 2; l++)
    fuzz_compare_lane("split-width2", l, dx[l], da.d[l], &ds[l]);
}
#endif

/* Read once, volatile: the base point is not a constant to the optimizer. Otherwise clang -O2
 * may inline a derivative into this harness and fold its libm calls at compile time: a float
 * function (cosf, tanhf) folded through the host's double one can differ from the run-time one
 * in the last bit, and only in the build where it was inlined (the conservative comparison
 * then sees a difference that is not enzyme-opt's). */
static volatile double fuzz_opaque_zero = 0.0;

#if FUZZ_HVP
/* Forward mode over reverse mode (a Hessian-vector product): the tangent, along the first
 * direction, of the gradient fuzz_check_reverse computes, made a function of x and a. Its
 * reference is the finite difference along that direction of each component of that
 * gradient, computed by reverse mode (itself checked against differences of L above).
 * Only in programs with none of the optional parameters and no global (gen.py). */
FUZZ_NOINLINE static void fuzz_gradient(real *x, real *dx, real *out, real *dout, real *a,
                                        real *da) {
  *da = __enzyme_autodiff((void *)target, enzyme_dup, x, dx, enzyme_dup, out, dout,
                          enzyme_const, NX, *a);
}

static double fuzz_gradient_row(const double *p, int row) {
  real x[NX], dx[NX] = {0}, out[NO], dout[NO], da = 0;
  real a = fuzz_load(p, x, out);
  for (int j = 0; j < NO; j++)
    dout[j] = (real)FUZZ_C[j];
  fuzz_gradient(x, dx, out, dout, &a, &da);
  return row < NX ? dx[row] : da;
}

static void fuzz_check_hvp(void) {
  double v[NP];
  fuzz_direction(0, v);
  real x[NX], tx[NX], dx[NX] = {0}, tdx[NX] = {0}, out[NO], tout[NO] = {0}, dout[NO];
  real tdout[NO] = {0}, da = 0, tda = 0;
  real a = fuzz_load(fuzz_base, x, out), ta = (real)v[NX];
  for (int i = 0; i < NX; i++)
    tx[i] = (real)v[i];
  for (int j = 0; j < NO; j++)
    dout[j] = (real)FUZZ_C[j];
  __enzyme_fwddiff((void *)fuzz_gradient, enzyme_dup, x, tx, enzyme_dup, dx, tdx, enzyme_dup,
                   out, tout, enzyme_dup, dout, tdout, enzyme_dup, &a, &ta, enzyme_dup, &da,
                   &tda);
  fuzz_ad_array("hvp", tdx, NX);
  fuzz_ad("hvp", NX, tda);
#ifdef FUZZ_SABOTAGE_HVP /* tests/unit/fuzz: a wrong Hessian-vector product must be reported */
  tdx[0] += FUZZ_SABOTAGE_HVP * (1.0 + fabs(tdx[0]));
#endif
  for (int row = 0; row <= NX; row++) {
    fuzz_hvp_row = row;
    fuzz_compare("hvp", row, row < NX ? tdx[row] : tda, v);
  }
  fuzz_hvp_row = -1;
}
#endif

static int fuzz_check_all(void) {
  /* Base point: multiples of 1/16 in [-1, 1) (exact in float). */
  double zero = fuzz_opaque_zero;
  for (int i = 0; i < NP; i++)
    fuzz_base[i] = (double)(((i * 11 + 5) % 32) - 16) / 16.0 + 0.03125 + zero;
#if HAS_GLOBAL
  fuzz_base[NX + 1] = 0.6875 + zero;
#endif
#if FUZZ_CDATA
  fuzz_L(fuzz_base); /* what a primal call leaves in the constant data */
  memcpy(fuzz_cd_after, fuzz_cd, sizeof fuzz_cd);
#endif
  fuzz_check_reverse();
  fuzz_check_split();
  fuzz_check_forward();
#if FUZZ_HVP
  fuzz_check_hvp();
#endif
/* the global has one shadow (@d_g_w): no room for a second lane; FUZZ_SCALAR_ONLY: calls
 * through function pointers (gen_pointers.py), refused in vector mode */
#if !HAS_GLOBAL && !FUZZ_SCALAR_ONLY
  fuzz_check_width2();
  fuzz_check_width4();
#ifndef FUZZ_SKIP_REVERSE_WIDTH2 /* tests/unit/fuzz/test_found.py: a bug still open there */
  fuzz_check_reverse_width2();
  fuzz_check_split_width2();
#endif
#endif
  const char *verdict = fuzz_wrong ? "wrong" : fuzz_checked ? "ok" : "discard";
  printf("FUZZ-RESULT %s %d %d\n", verdict, fuzz_checked, fuzz_discarded);
  return 0;
}

#endif
