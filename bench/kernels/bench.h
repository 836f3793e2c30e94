// bench.h — timing, memory and finite-difference helpers shared by the benchmark kernels.
//
// Every kernel file defines its primal function the way a user would write it, thin
// "thunks" (void(void) functions over file-scope arguments) that call the primal or one of
// its derivatives, and a main() that calls bench_main(). Thunks are always called through a
// volatile function pointer, so the compiler cannot hoist, merge or delete the repeated
// calls being timed, whatever it inlines inside a thunk.
//
// Usage of the binary:
//   k.bin              check every derivative against finite differences, then time
//   k.bin mem NAME     run thunk NAME once and print the RSS high-water mark
//   k.bin only NAME    time thunk NAME alone, no checks (for `perf record`)
//
// Output lines (parsed by bench/run.py), one per fact:
//   check <group> <what> ad=<x> ref=<y> relerr=<e> ok|FAIL
//   time <thunk> <seconds per call> <calls per repetition>
//   skip <thunk> <group>           (a check of that group failed: a wrong derivative is not timed)
//   maxrss_kb <thunk> <kB>
// Groups: "fwd" (one tangent), "fwd_w4" (enzyme_width 4), "rev" (gradient); "" = the primal.
#ifndef BENCH_H
#define BENCH_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_width, enzyme_dupnoneed, enzyme_dupv;

typedef struct { double d[4]; } d4;   // the width-4 tangents returned by __enzyme_fwddiff

typedef void (*thunk_fn)(void);
typedef struct { const char *name; thunk_fn fn; const char *group; } thunk;

static volatile double bench_sink;   // results of timed calls land here
static const char *bench_failed_groups[8];
static int bench_n_failed;

static int bench_group_failed(const char *group) {
  for (int i = 0; i < bench_n_failed; i++)
    if (strcmp(bench_failed_groups[i], group) == 0) return 1;
  return 0;
}

// -DBENCH_CPU_TIME: the process's CPU time instead of wall-clock time, for comparisons on a
// machine shared with other work (time spent preempted is then not counted).
static double bench_now(void) {
  struct timespec ts;
#ifdef BENCH_CPU_TIME
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
#else
  clock_gettime(CLOCK_MONOTONIC, &ts);
#endif
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// Calls per repetition: doubled/scaled until one repetition lasts >= min_s.
static long bench_calibrate(thunk_fn fn, double min_s) {
  thunk_fn volatile call = fn;
  call();   // warm up: page in buffers, grow the tape once
  long n = 1;
  for (;;) {
    double t0 = bench_now();
    for (long i = 0; i < n; i++) call();
    double dt = bench_now() - t0;
    if (dt >= min_s) return n;
    long next = dt > 0 ? (long)(n * 1.2 * min_s / dt) + 1 : n * 10;
    n = next > 10 * n ? 10 * n : (next <= n ? 2 * n : next);
  }
}

// Seconds per call of one repetition of n calls.
static double bench_once(thunk_fn fn, long n) {
  thunk_fn volatile call = fn;
  double t0 = bench_now();
  for (long i = 0; i < n; i++) call();
  return (bench_now() - t0) / (double)n;
}

// Time one thunk: best of `reps` repetitions of >= min_s each.
static double bench_time(const char *name, thunk_fn fn, double min_s, int reps) {
  long n = bench_calibrate(fn, min_s);
  double best = 1e300;
  for (int r = 0; r < reps; r++) {
    double dt = bench_once(fn, n);
    if (dt < best) best = dt;
  }
  printf("time %s %.6e %ld\n", name, best, n);
  fflush(stdout);
  return best;
}

// Compare a derivative with a reference; a relative error above tol fails its group, whose
// thunks are then not timed.
static void bench_check(const char *group, const char *what, double ad, double ref, double tol) {
  double scale = fabs(ref) > 1e-300 ? fabs(ref) : 1.0;
  double err = fabs(ad - ref) / scale;
  int ok = err <= tol && isfinite(ad);
  if (!ok && !bench_group_failed(group) && bench_n_failed < 8) bench_failed_groups[bench_n_failed++] = group;
  printf("check %s %s ad=%.17g ref=%.17g relerr=%.3e %s\n", group, what, ad, ref, err, ok ? "ok" : "FAIL");
  fflush(stdout);
}

// Fourth-order central difference of f at *x along one coordinate (restores *x).
static double bench_central_diff(double (*f)(void), double *x, double h) {
  double x0 = *x;
  *x = x0 + 2 * h; double f2p = f();
  *x = x0 + h;     double f1p = f();
  *x = x0 - h;     double f1m = f();
  *x = x0 - 2 * h; double f2m = f();
  *x = x0;
  return (-f2p + 8 * f1p - 8 * f1m + f2m) / (12 * h);
}

// Peak resident set size of this process in kB. VmHWM (Linux) is the high-water mark of this
// process's own address space; getrusage's ru_maxrss is the fallback, but Linux carries it
// over execve(), so a child of a big process (the Python driver) would report the parent's.
static long bench_maxrss_kb(void) {
  FILE *f = fopen("/proc/self/status", "r");
  if (f) {
    char line[256];
    long kb = -1;
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "VmHWM: %ld kB", &kb) == 1) break;
    fclose(f);
    if (kb >= 0) return kb;
  }
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

static void bench_fill(double *a, long n, unsigned seed, double lo, double hi) {
  unsigned s = seed * 2654435761u + 12345u;
  for (long i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    a[i] = lo + (hi - lo) * ((s >> 8) / 16777216.0);
  }
}

static double *bench_alloc(long n) {
  // Zeroed and touched, so shadow buffers count in the RSS of every run alike.
  double *p = (double *)malloc((size_t)n * sizeof(double));
  if (!p) { fprintf(stderr, "out of memory\n"); exit(2); }
  memset(p, 0, (size_t)n * sizeof(double));
  // clang turns malloc+memset into calloc, whose pages stay untouched until first written:
  // touch every page so that they are resident before any timed or measured call.
  volatile char *v = (volatile char *)p;
  for (size_t i = 0; i < (size_t)n * sizeof(double); i += 4096) v[i] = 0;
  return p;
}

// check() runs the correctness checks; thunks[] lists what to time (and what `mem` may run).
static int bench_main(int argc, char **argv, void (*check)(void), const thunk *thunks) {
  if (argc >= 3 && strcmp(argv[1], "mem") == 0) {
    for (const thunk *t = thunks; t->name; t++) {
      if (strcmp(t->name, argv[2]) == 0) {
        thunk_fn volatile call = t->fn;
        call();
        printf("maxrss_kb %s %ld\n", t->name, bench_maxrss_kb());
        return 0;
      }
    }
    fprintf(stderr, "unknown thunk %s\n", argv[2]);
    return 2;
  }
  if (argc >= 3 && strcmp(argv[1], "only") == 0) {
    for (const thunk *t = thunks; t->name; t++)
      if (strcmp(t->name, argv[2]) == 0) { bench_time(t->name, t->fn, argc >= 4 ? atof(argv[3]) : 1.0, 1); return 0; }
    fprintf(stderr, "unknown thunk %s\n", argv[2]);
    return 2;
  }
  double min_s = argc >= 2 ? atof(argv[1]) : 0.2;
  int reps = argc >= 3 ? atoi(argv[2]) : 3;
  check();
  // Repetitions are interleaved (primal, tangent, ..., primal, tangent, ...) so that a slow
  // spell of the machine hits every thunk alike instead of one ratio; best of `reps` each.
  long calls[16];
  double best[16];
  int nt = 0;
  for (const thunk *t = thunks; t->name && nt < 16; t++, nt++) {
    best[nt] = 1e300;
    calls[nt] = 0;
    if (t->group[0] && bench_group_failed(t->group)) {
      printf("skip %s %s\n", t->name, t->group);
      continue;
    }
    calls[nt] = bench_calibrate(t->fn, min_s);
  }
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < nt; i++)
      if (calls[i]) {
        double dt = bench_once(thunks[i].fn, calls[i]);
        if (dt < best[i]) best[i] = dt;
      }
  for (int i = 0; i < nt; i++)
    if (calls[i]) printf("time %s %.6e %ld\n", thunks[i].name, best[i], calls[i]);
  return bench_n_failed ? 1 : 0;
}

#endif
