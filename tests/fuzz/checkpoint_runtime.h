/* checkpoint_runtime.h - the checking half of every checkpointed-loop fuzz program
 * (tests/fuzz/checkpoint.py writes the other half: the sizes below, `step`, `objective`,
 * `checkpointed` and `plain`).
 *
 *   checkpointed(u, w, k, p, n, scheme, data)   __enzyme_checkpoint_for(step, START, n, …)
 *   plain(u, w, k, p, n)                        for (t = START; t < START + n; t++) step(t, …)
 *
 * both then return objective(u, w) (which reads the global g_w when HAS_G). The parameters
 * are P = (u[NU], w[NW], k[NK], p, g_w[NG] when HAS_G); u, w and g_w are also what the loop
 * leaves in memory, weighted into the checked scalar
 *
 *   L(P) = checkpointed(...) + sum_m CF_WEIGHT(m) * mem[m],   mem = (u, w, g_w) after the loop
 *
 * (reverse mode seeds those memory shadows with the weights; forward mode reads their
 * tangents). For every n in CF_NS and every scheme (ckpt_periodic with 1, 2, 3 segments,
 * ckpt_bisect; tests/lit/Inputs/checkpoint_schemes.h) it checks:
 *
 *   primal      checkpointed's primal leaves exactly the memory (u, w, g_w, the counter)
 *               and the value plain's does
 *   plain-ad    __enzyme_autodiff(plain) leaves plain's primal memory (CF_REL; the counter
 *               exactly)
 *   ckpt        __enzyme_autodiff(checkpointed) gives plain's gradient (CF_REL relative) and
 *               leaves plain's primal memory (as plain-ad); the scheme tapes exactly n steps
 *   fd          both gradients match fourth-order central differences of L (checkpointed's
 *               primal), discarded where two step sizes or the one-sided differences
 *               disagree (a branch threshold or a kink of fmin/fmax within reach, as in
 *               fuzz_runtime.h)
 *   fwd         __enzyme_fwddiff(checkpointed) gives plain's tangents (CF_REL), leaves the
 *               primal memory, and the tangent of L matches its directional difference
 *   hvp         (CF_HVP) forward over reverse: the tangent along that direction of the
 *               checkpointed gradient, and of the memory, is the plain loop's (CF_REL); the
 *               memory is plain's primal memory; the scheme tapes exactly n steps
 *
 * With CF_MPTR the step, checkpointed and plain take `int *mp` last (enzyme_const in the AD
 * calls): a loop bound the step reads through it and overwrites (NU when the loop starts, in
 * 1..NU always; a region of the checkpointed loop).
 *
 * Output (read by tests/fuzz/run.py's check_source, the format of fuzz_runtime.h): one line
 * per failed or discarded check,  FUZZ wrong|discard <label> <value> <reference> <other>,
 * and a last line  FUZZ-RESULT ok|wrong|discard <checked> <discarded>. With FUZZ_PRINT_AD set
 * in the environment, every gradient, tangent and memory cell the AD calls leave is printed
 * exactly (FUZZ-AD <label>[<name>] <hex float>) for run.py's comparison of the default
 * derivative with the conservative one (enzyme-opt --no-reuse); FUZZ_AD_SABOTAGE as in
 * fuzz_runtime.h.
 */
#ifndef ENZYME_CHECKPOINT_FUZZ_RUNTIME_H
#define ENZYME_CHECKPOINT_FUZZ_RUNTIME_H

#include "../lit/Inputs/checkpoint_schemes.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int enzyme_const, enzyme_dup;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

#if HAS_G
extern double g_w[NG], d_g_w[NG]; /* tests/fuzz/run.py gives g_w the shadow d_g_w */
#define CF_NG NG
#else
#define CF_NG 0
#endif
#if HAS_COUNTER
extern COUNTER_T steps_taken;
#define CF_COUNTER() ((long long)steps_taken)
#define CF_SET_COUNTER(v) (steps_taken = (COUNTER_T)(v))
#else
#define CF_COUNTER() 0LL
#define CF_SET_COUNTER(v) ((void)0)
#endif

#ifndef CF_MPTR
#define CF_MPTR 0
#endif
#if CF_MPTR
static int cf_m; /* *mp: NU when a loop starts (cf_load) */
#define CF_MP_PARAM , int *mp
#define CF_MP_PRIMAL , &cf_m
#define CF_MP_AD , enzyme_const, &cf_m
#else
#define CF_MP_PARAM
#define CF_MP_PRIMAL
#define CF_MP_AD
#endif

#ifndef CF_HVP
#define CF_HVP 0
#endif
#if CF_HVP && HAS_G
#error "CF_HVP needs a program without g_w"
#endif

#define CF_NP (NU + NW + NK + 1 + CF_NG) /* parameters: u, w, k, p, g */
#define CF_NM (NU + NW + CF_NG)          /* memory the loop leaves: u, w, g */
#define CF_REL 1e-12                     /* checkpointed against plain */
#define FUZZ_H_LARGE 0x1p-10
#define FUZZ_H_SMALL 0x1p-13
#define FUZZ_AGREE 1e-7
#define FUZZ_KINK 1e-5
#define FUZZ_TOL 1e-6

double checkpointed(double *u, double *w, const double *k, double p, int64_t n,
                    const CkptScheme *s, void *data CF_MP_PARAM);
double plain(double *u, double *w, const double *k, double p, int64_t n CF_MP_PARAM);

static const int64_t cf_ns[] = CF_NS;
#define CF_NN ((int)(sizeof cf_ns / sizeof cf_ns[0]))
static int64_t cf_segments[3] = {1, 2, 3};
#define CF_NSCHEMES 4
static const CkptScheme *const cf_schemes[CF_NSCHEMES] = {&ckpt_periodic, &ckpt_periodic,
                                                          &ckpt_periodic, &ckpt_bisect};
static void *const cf_data[CF_NSCHEMES] = {&cf_segments[0], &cf_segments[1], &cf_segments[2],
                                           NULL};
static const char *const cf_scheme_names[CF_NSCHEMES] = {"periodic1", "periodic2", "periodic3",
                                                         "bisect"};

/* u and w are one buffer (w right after u: a program may mark both as one region) */
static double cf_buf[NU + NW], cf_dbuf[NU + NW], cf_k[NK], cf_dk[NK];
static double cf_base[CF_NP];
static int64_t cf_n;
static int cf_checked, cf_discarded, cf_wrong;

static double CF_WEIGHT(int m) { return (double)((m * 7 + 3) % 5 - 2) * 0.25 + 0.125; }

/* FUZZ_PRINT_AD: every value an AD call left, exactly (run.py compares two builds). */
static int cf_print_ad = -1;
static double cf_ad_sabotage;
static void cf_ad(const char *label, const char *name, double value) {
  if (cf_print_ad < 0) {
    const char *on = getenv("FUZZ_PRINT_AD"), *sabotage = getenv("FUZZ_AD_SABOTAGE");
    cf_print_ad = on && *on && strcmp(on, "0") != 0;
    cf_ad_sabotage = sabotage ? atof(sabotage) : 0.0;
  }
  if (!cf_print_ad)
    return;
  if (cf_ad_sabotage != 0.0) { /* the first value only */
    value += cf_ad_sabotage * (fabs(value) > 1e-300 ? fabs(value) : 1.0);
    cf_ad_sabotage = 0.0;
  }
  printf("FUZZ-AD %s[%s] %a\n", label, name, value);
}

/* The name of parameter or memory cell i: u3, w0, k2, p, g1. */
static const char *cf_name(int i, int memory) {
  static char text[16];
  if (i < NU)
    snprintf(text, sizeof text, "u%d", i);
  else if (i < NU + NW)
    snprintf(text, sizeof text, "w%d", i - NU);
  else if (!memory && i < NU + NW + NK)
    snprintf(text, sizeof text, "k%d", i - NU - NW);
  else if (!memory && i == NU + NW + NK)
    snprintf(text, sizeof text, "p");
  else
    snprintf(text, sizeof text, "g%d", i - (memory ? NU + NW : NU + NW + NK + 1));
  return text;
}

/* Unpack P into u, w, k and g_w; the counter starts at 0; returns p. */
static double cf_load(const double *par) {
  for (int i = 0; i < NU + NW; i++)
    cf_buf[i] = par[i];
  for (int i = 0; i < NK; i++)
    cf_k[i] = par[NU + NW + i];
#if HAS_G
  for (int i = 0; i < NG; i++)
    g_w[i] = par[NU + NW + NK + 1 + i];
#endif
  CF_SET_COUNTER(0);
#if CF_MPTR
  cf_m = NU;
#endif
  return par[NU + NW + NK];
}

static double cf_memory(int m) {
#if HAS_G
  if (m >= NU + NW)
    return g_w[m - NU - NW];
#endif
  return cf_buf[m];
}

static double *cf_shadow(int m) {
#if HAS_G
  if (m >= NU + NW)
    return &d_g_w[m - NU - NW];
#endif
  return &cf_dbuf[m];
}

/* What one run leaves: the memory, the counter, the value (or tangent) returned, the
 * gradient (reverse) or the memory's tangents (forward). */
typedef struct {
  double mem[CF_NM], ret, grad[CF_NP], dmem[CF_NM];
  long long counter;
} cf_run;

static void cf_keep_memory(cf_run *r) {
  for (int m = 0; m < CF_NM; m++)
    r->mem[m] = cf_memory(m);
  r->counter = CF_COUNTER();
}

static double cf_L(const double *par) {
  double p = cf_load(par);
  double r = checkpointed(cf_buf, cf_buf + NU, cf_k, p, cf_n, cf_schemes[0],
                          cf_data[0] CF_MP_PRIMAL);
  for (int m = 0; m < CF_NM; m++)
    r += CF_WEIGHT(m) * cf_memory(m);
  return r;
}

static void cf_primal(int ckpt, cf_run *r) {
  double p = cf_load(cf_base);
  r->ret = ckpt ? checkpointed(cf_buf, cf_buf + NU, cf_k, p, cf_n, cf_schemes[0],
                               cf_data[0] CF_MP_PRIMAL)
                : plain(cf_buf, cf_buf + NU, cf_k, p, cf_n CF_MP_PRIMAL);
  cf_keep_memory(r);
}

/* Reverse mode: the memory shadows seeded with the weights, k's with 0. */
static void cf_reverse(int scheme, cf_run *r) {
  double p = cf_load(cf_base);
  for (int m = 0; m < CF_NM; m++)
    *cf_shadow(m) = CF_WEIGHT(m);
  memset(cf_dk, 0, sizeof cf_dk);
  memset(&ckpt_stats, 0, sizeof ckpt_stats);
  double dp;
  if (scheme < 0)
    dp = __enzyme_autodiff((void *)plain, cf_buf, cf_dbuf, cf_buf + NU, cf_dbuf + NU, cf_k,
                           cf_dk, p, cf_n CF_MP_AD);
  else
    dp = __enzyme_autodiff((void *)checkpointed, cf_buf, cf_dbuf, cf_buf + NU, cf_dbuf + NU,
                           cf_k, cf_dk, p, cf_n, enzyme_const, cf_schemes[scheme], enzyme_const,
                           cf_data[scheme] CF_MP_AD);
  cf_keep_memory(r);
  for (int i = 0; i < NU + NW; i++)
    r->grad[i] = cf_dbuf[i];
  for (int i = 0; i < NK; i++)
    r->grad[NU + NW + i] = cf_dk[i];
  r->grad[NU + NW + NK] = dp;
#if HAS_G
  for (int i = 0; i < NG; i++)
    r->grad[NU + NW + NK + 1 + i] = d_g_w[i];
#endif
#ifdef CF_SABOTAGE /* tests/unit/fuzz: a wrong checkpointed gradient must be reported */
  if (scheme >= 0)
    r->grad[0] += CF_SABOTAGE * (1.0 + fabs(r->grad[0]));
#endif
}

/* A direction with entries that are small multiples of 1/8 (exact steps). */
static void cf_direction(double *v) {
  for (int i = 0; i < CF_NP; i++)
    v[i] = (double)(((i * 5 + 1) % 7) - 3) / 8.0;
}

/* Forward mode along cf_direction: the tangent returned and the memory's tangents. */
static void cf_forward(int scheme, cf_run *r) {
  double v[CF_NP];
  cf_direction(v);
  double p = cf_load(cf_base);
  for (int i = 0; i < NU + NW; i++)
    cf_dbuf[i] = v[i];
  for (int i = 0; i < NK; i++)
    cf_dk[i] = v[NU + NW + i];
  double dp = v[NU + NW + NK];
#if HAS_G
  for (int i = 0; i < NG; i++)
    d_g_w[i] = v[NU + NW + NK + 1 + i];
#endif
  if (scheme < 0)
    r->ret = __enzyme_fwddiff((void *)plain, cf_buf, cf_dbuf, cf_buf + NU, cf_dbuf + NU, cf_k,
                              cf_dk, p, dp, cf_n CF_MP_AD);
  else
    r->ret = __enzyme_fwddiff((void *)checkpointed, cf_buf, cf_dbuf, cf_buf + NU, cf_dbuf + NU,
                              cf_k, cf_dk, p, dp, cf_n, enzyme_const, cf_schemes[scheme],
                              enzyme_const, cf_data[scheme] CF_MP_AD);
  cf_keep_memory(r);
  for (int m = 0; m < CF_NM; m++)
    r->dmem[m] = *cf_shadow(m);
}

#if CF_HVP
/* Forward over reverse (Hessian-vector products; programs without g_w, whose one shadow the
 * tangent and the adjoint would share): the gradient cf_reverse computes, as a function
 * differentiated in forward mode along cf_direction. */
__attribute__((noinline)) static void cf_gradient(double *buf, double *dbuf, const double *k,
                                                  double *dk, const double *p, double *dp,
                                                  int scheme) {
  if (scheme < 0)
    *dp = __enzyme_autodiff((void *)plain, buf, dbuf, buf + NU, dbuf + NU, k, dk, *p,
                            cf_n CF_MP_AD);
  else
    *dp = __enzyme_autodiff((void *)checkpointed, buf, dbuf, buf + NU, dbuf + NU, k, dk, *p,
                            cf_n, enzyme_const, cf_schemes[scheme], enzyme_const,
                            cf_data[scheme] CF_MP_AD);
}

/* The gradient's tangent (in grad), the memory's tangents after it (dmem). */
static void cf_hvp(int scheme, cf_run *r) {
  static double tbuf[NU + NW], tdbuf[NU + NW], tk[NK], tdk[NK];
  double v[CF_NP];
  cf_direction(v);
  double p = cf_load(cf_base), tp = v[NU + NW + NK], dp = 0, tdp = 0;
  for (int i = 0; i < NU + NW; i++) {
    tbuf[i] = v[i];
    cf_dbuf[i] = CF_WEIGHT(i);
    tdbuf[i] = 0;
  }
  for (int i = 0; i < NK; i++) {
    tk[i] = v[NU + NW + i];
    cf_dk[i] = tdk[i] = 0;
  }
  memset(&ckpt_stats, 0, sizeof ckpt_stats);
  __enzyme_fwddiff((void *)cf_gradient, cf_buf, tbuf, cf_dbuf, tdbuf, cf_k, tk, cf_dk, tdk, &p,
                   &tp, &dp, &tdp, enzyme_const, scheme);
  cf_keep_memory(r);
  for (int i = 0; i < NU + NW; i++) {
    r->grad[i] = tdbuf[i];
    r->dmem[i] = tbuf[i];
  }
  for (int i = 0; i < NK; i++)
    r->grad[NU + NW + i] = tdk[i];
  r->grad[NU + NW + NK] = tdp;
#ifdef CF_SABOTAGE_HVP /* tests/unit/fuzz: a wrong checkpointed product must be reported */
  if (scheme >= 0)
    r->grad[0] += CF_SABOTAGE_HVP * (1.0 + fabs(r->grad[0]));
#endif
}
#endif

/* Wrong checks are held and printed at the end, after one line that says whom they blame
 * (run.py's one-line reason starts with it):
 *   blame=checkpoint   the checkpointed loop disagrees with the plain one, and it is not the
 *                      plain loop alone that disagrees with the finite differences
 *   blame=plain-loop   they disagree, but the checkpointed gradient matches the differences
 *                      and the plain one does not: a bug of AD in general, met in the plain loop
 *   blame=both         they agree, and both disagree with the differences (AD in general)
 *   blame=primal       only the plain primal or plain AD's memory is off
 * then the checks of the checkpointed loop against the plain one, then the rest. */
#define CF_HELD 48
static char cf_held[2][CF_HELD][160];
static int cf_nheld[2], cf_bad_ckpt, cf_bad_ckpt_fd, cf_bad_plain_fd, cf_bad_other;

static void cf_report(const char *kind, const char *label, double a, double b, double c) {
  if (strcmp(kind, "wrong") != 0) {
    printf("FUZZ %s %s %.17g %.17g %.17g\n", kind, label, a, b, c);
    return;
  }
  int ckpt = strncmp(label, "ckpt-", 5) == 0, fd = strstr(label, ".fd.") != NULL;
  if (ckpt)
    fd ? cf_bad_ckpt_fd++ : cf_bad_ckpt++;
  else
    fd ? cf_bad_plain_fd++ : cf_bad_other++;
  int list = !(ckpt && !fd); /* 0: the checkpointed loop against the plain one */
  if (cf_nheld[list] < CF_HELD) /* (more are counted, not printed) */
    snprintf(cf_held[list][cf_nheld[list]++], sizeof cf_held[0][0],
             "FUZZ %s %s %.17g %.17g %.17g", kind, label, a, b, c);
}

static void cf_print_held(void) {
  if (!cf_wrong)
    return;
  const char *blame = cf_bad_ckpt ? (!cf_bad_ckpt_fd && cf_bad_plain_fd ? "plain-loop" : "checkpoint")
                      : cf_bad_ckpt_fd || cf_bad_plain_fd ? "both" : "primal";
  printf("FUZZ wrong blame=%s ckpt-vs-plain=%d ckpt-fd=%d plain-fd=%d other=%d\n", blame,
         cf_bad_ckpt, cf_bad_ckpt_fd, cf_bad_plain_fd, cf_bad_other);
  for (int list = 0; list < 2; list++)
    for (int j = 0; j < cf_nheld[list]; j++)
      puts(cf_held[list][j]);
}

/* An exact check: the same bits (or both NaN), or the same counter. */
static void cf_same(const char *what, const char *name, double a, double b) {
  char label[128];
  cf_checked++;
  if (a == b || (isnan(a) && isnan(b)))
    return;
  cf_wrong++;
  snprintf(label, sizeof label, "%s.n%lld[%s]", what, (long long)cf_n, name);
  cf_report("wrong", label, a, b, b);
}

static void cf_close(const char *what, const char *name, double a, double b) {
  char label[128];
  cf_checked++;
  if (fabs(a - b) <= CF_REL * (1.0 + fabs(b)))
    return;
  cf_wrong++;
  snprintf(label, sizeof label, "%s.n%lld[%s]", what, (long long)cf_n, name);
  cf_report("wrong", label, a, b, b);
}

/* The memory and counter one run left against the plain primal's: exactly for a primal, to
 * CF_REL after AD (whose simplified clone of the step may round an llvm.fmuladd of constants
 * fused where the program does not; both are allowed), the counter exactly. */
static void cf_same_memory(const char *what, const cf_run *r, const cf_run *primal, int exact) {
  for (int m = 0; m < CF_NM; m++)
    (exact ? cf_same : cf_close)(what, cf_name(m, 1), r->mem[m], primal->mem[m]);
  cf_same(what, "counter", (double)r->counter, (double)primal->counter);
}

/* Finite differences of L along v at cf_base: central (two steps) and one-sided. */
typedef struct {
  double small, large, ok;
} cf_fd;

static double cf_L_along(const double *v, double t) {
  double par[CF_NP];
  for (int i = 0; i < CF_NP; i++)
    par[i] = cf_base[i] + t * v[i];
  return cf_L(par);
}

static cf_fd cf_differences(const double *v) {
  double fl[5], fs[5];
  for (int j = 0; j < 5; j++) {
    fl[j] = cf_L_along(v, (j - 2) * FUZZ_H_LARGE);
    fs[j] = cf_L_along(v, (j - 2) * FUZZ_H_SMALL);
  }
  cf_fd d;
  d.large = (8 * (fl[3] - fl[1]) - (fl[4] - fl[0])) / (12 * FUZZ_H_LARGE);
  d.small = (8 * (fs[3] - fs[1]) - (fs[4] - fs[0])) / (12 * FUZZ_H_SMALL);
  double right = (-3 * fs[2] + 4 * fs[3] - fs[4]) / (2 * FUZZ_H_SMALL);
  double left = (3 * fs[2] - 4 * fs[1] + fs[0]) / (2 * FUZZ_H_SMALL);
  double scale = 1.0 + fabs(d.small);
  d.ok = fabs(d.large - d.small) <= FUZZ_AGREE * scale && fabs(left - right) <= FUZZ_KINK * scale;
  return d;
}

static void cf_against_fd(const char *what, const char *name, double ad, cf_fd d) {
  char label[128];
  snprintf(label, sizeof label, "%s.n%lld[%s]", what, (long long)cf_n, name);
  if (!d.ok) {
    cf_discarded++;
    cf_report("discard", label, ad, d.small, d.large);
    return;
  }
  cf_checked++;
  if (!(fabs(ad - d.small) <= FUZZ_TOL * (1.0 + fabs(d.small)))) {
    cf_wrong++;
    cf_report("wrong", label, ad, d.small, d.large);
  }
}

static double cf_tangent_of_L(const cf_run *r) {
  double t = r->ret;
  for (int m = 0; m < CF_NM; m++)
    t += CF_WEIGHT(m) * r->dmem[m];
  return t;
}

/* One AD run's values for the comparison of two builds: the gradient (reverse) or the returned
 * tangent and the memory's tangents (forward), and the memory it left. */
static void cf_print_run(const char *what, const cf_run *r, int forward) {
  char label[96];
  snprintf(label, sizeof label, "%s.n%lld", what, (long long)cf_n);
  if (forward) {
    cf_ad(label, "return", r->ret);
    for (int m = 0; m < CF_NM; m++)
      cf_ad(label, cf_name(m, 1), r->dmem[m]);
  } else {
    for (int i = 0; i < CF_NP; i++)
      cf_ad(label, cf_name(i, 0), r->grad[i]);
  }
  snprintf(label, sizeof label, "%s.n%lld.memory", what, (long long)cf_n);
  for (int m = 0; m < CF_NM; m++)
    cf_ad(label, cf_name(m, 1), r->mem[m]);
  cf_ad(label, "counter", (double)r->counter);
}

/* A checkpointed run through scheme s (its gradient, or the gradient's tangent, in grad)
 * against the plain loop's (CF_REL), with the memory's tangents too when `tangents`; the
 * memory it left against the plain primal's; the scheme taped exactly n steps. */
static void cf_against_plain(const char *kind, int s, const cf_run *r, const cf_run *plain,
                             const cf_run *primal, int tangents) {
  char what[64];
  long long taped = ckpt_stats.taped_steps;
  snprintf(what, sizeof what, "%s.%s", kind, cf_scheme_names[s]);
  cf_print_run(what, r, 0);
  for (int i = 0; i < CF_NP; i++)
    cf_close(what, cf_name(i, 0), r->grad[i], plain->grad[i]);
  if (tangents) {
    snprintf(what, sizeof what, "%s.%s.tangent", kind, cf_scheme_names[s]);
    for (int m = 0; m < CF_NM; m++)
      cf_close(what, cf_name(m, 1), r->dmem[m], plain->dmem[m]);
  }
  snprintf(what, sizeof what, "%s.%s.memory", kind, cf_scheme_names[s]);
  cf_same_memory(what, r, primal, 0);
  snprintf(what, sizeof what, "%s.%s.scheme", kind, cf_scheme_names[s]);
  cf_same(what, "taped-steps", (double)taped, (double)cf_n);
}

static void cf_check_n(void) {
  static cf_run primal, primal_ckpt, plain_ad, ckpt_ad, plain_fwd, ckpt_fwd;
  char what[64];
  cf_primal(0, &primal);
  cf_primal(1, &primal_ckpt);
  cf_same_memory("primal", &primal_ckpt, &primal, 1);
  cf_same("primal", "return", primal_ckpt.ret, primal.ret);

  cf_reverse(-1, &plain_ad);
  cf_print_run("plain-ad", &plain_ad, 0);
  cf_same_memory("plain-ad.sweeps.memory", &plain_ad, &primal, 0);
#ifdef CF_PRINT_GRADIENT /* a debugging aid: the plain gradient at each n */
  printf("n=%lld", (long long)cf_n);
  for (int i = 0; i < CF_NP; i++)
    printf(" %s=%.3g", cf_name(i, 0), plain_ad.grad[i]);
  printf("\n");
#endif
  cf_fd fd[CF_NP];
  for (int i = 0; i < CF_NP; i++) {
    double e[CF_NP] = {0};
    e[i] = 1.0;
    fd[i] = cf_differences(e);
    cf_against_fd("plain-ad.fd", cf_name(i, 0), plain_ad.grad[i], fd[i]);
  }
  for (int s = 0; s < CF_NSCHEMES; s++) {
    cf_reverse(s, &ckpt_ad);
    cf_against_plain("ckpt-ad", s, &ckpt_ad, &plain_ad, &primal, 0);
    snprintf(what, sizeof what, "ckpt-ad.%s.fd", cf_scheme_names[s]);
    for (int i = 0; i < CF_NP; i++)
      cf_against_fd(what, cf_name(i, 0), ckpt_ad.grad[i], fd[i]);
  }

  double v[CF_NP];
  cf_direction(v);
  cf_fd along = cf_differences(v);
  cf_forward(-1, &plain_fwd);
  cf_print_run("plain-fwd", &plain_fwd, 1);
  cf_same_memory("plain-fwd.memory", &plain_fwd, &primal, 0);
  cf_against_fd("plain-fwd.fd", "L", cf_tangent_of_L(&plain_fwd), along);
  for (int s = 0; s < CF_NSCHEMES; s += 3) { /* periodic1 and bisect: the scheme is unused */
    cf_forward(s, &ckpt_fwd);
    snprintf(what, sizeof what, "ckpt-fwd.%s", cf_scheme_names[s]);
    cf_print_run(what, &ckpt_fwd, 1);
    cf_close(what, "return", ckpt_fwd.ret, plain_fwd.ret);
    for (int m = 0; m < CF_NM; m++)
      cf_close(what, cf_name(m, 1), ckpt_fwd.dmem[m], plain_fwd.dmem[m]);
    snprintf(what, sizeof what, "ckpt-fwd.%s.memory", cf_scheme_names[s]);
    cf_same_memory(what, &ckpt_fwd, &primal, 0);
    snprintf(what, sizeof what, "ckpt-fwd.%s.fd", cf_scheme_names[s]);
    cf_against_fd(what, "L", cf_tangent_of_L(&ckpt_fwd), along);
  }
#if CF_HVP
  static cf_run plain_hvp, ckpt_hvp;
  cf_hvp(-1, &plain_hvp);
  cf_print_run("plain-hvp", &plain_hvp, 0);
  cf_same_memory("plain-hvp.memory", &plain_hvp, &primal, 0);
  for (int s = 0; s < CF_NSCHEMES; s++) {
    cf_hvp(s, &ckpt_hvp);
    cf_against_plain("ckpt-hvp", s, &ckpt_hvp, &plain_hvp, &primal, 1);
  }
#endif
}

static int cf_check_all(void) {
  /* Base point: multiples of 1/16 in [-1, 1) plus 1/32 (exact). */
  for (int i = 0; i < CF_NP; i++)
    cf_base[i] = (double)(((i * 11 + 5) % 32) - 16) / 16.0 + 0.03125;
  for (int j = 0; j < CF_NN; j++) {
    cf_n = cf_ns[j];
    cf_check_n();
  }
  cf_print_held();
  const char *verdict = cf_wrong ? "wrong" : cf_checked ? "ok" : "discard";
  printf("FUZZ-RESULT %s %d %d\n", verdict, cf_checked, cf_discarded);
  return 0;
}

#endif
