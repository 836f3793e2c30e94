"""The reverse sweep frees every byte the forward sweep allocated: the tape
(grown by realloc inside loops, shared with nested calls), heap shadows of
allocas, and shadows of malloc'd memory.  Measured natively: heap bytes in
use (glibc's mallinfo2) are the same before and after many gradient calls."""

import subprocess
import sys

PROGRAM = r"""
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
extern double __enzyme_autodiff(void *, ...);
extern int enzyme_const;

__attribute__((noinline)) double inner(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += x[i] * x[i];
  return s;
}

double f(const double *x, int n) {
  double *tmp = malloc(sizeof(double) * n);       /* shadowed allocation */
  double local[64];                               /* alloca with a heap shadow */
  for (int i = 0; i < n; i++) tmp[i] = x[i] * 2.0;
  for (int i = 0; i < n && i < 64; i++) local[i] = tmp[i] + x[i];
  double s = 0;
  for (int t = 0; t < 50; t++)                    /* a tape that must grow */
    for (int i = 0; i < n; i++) s += tmp[i] * local[i % 64] * 0.001;
  s += inner(tmp, n);
  free(tmp);
  return s;
}

int main(void) {
  int n = 500;
  double *x = malloc(sizeof(double) * n), *dx = calloc(n, sizeof(double));
  for (int i = 0; i < n; i++) x[i] = 0.001 * i;
  __enzyme_autodiff((void *)f, x, dx, enzyme_const, n);  /* warm up the allocator */
  size_t before = mallinfo2().uordblks;
  for (int k = 0; k < 20; k++) __enzyme_autodiff((void *)f, x, dx, enzyme_const, n);
  size_t after = mallinfo2().uordblks;
  /* d/dx0 of f at x: check one entry against the closed form */
  printf("leaked %zd\n", (ssize_t)(after - before));
  printf("dx1 %.10f\n", dx[1]);
  return 0;
}
"""


def test_tape_and_shadows_are_freed(tmp_path):
    source = tmp_path / "tape.c"
    source.write_text(PROGRAM)
    ll, grad, binary = tmp_path / "tape.ll", tmp_path / "tape.grad.ll", tmp_path / "tape"
    subprocess.run(["clang-22", "-O1", "-S", "-emit-llvm", str(source), "-o", str(ll)], check=True)
    subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-S", "-o", str(grad)], check=True)
    subprocess.run(["clang-22", "-O1", str(grad), "-o", str(binary), "-lm"], check=True)
    out = subprocess.run([str(binary)], capture_output=True, text=True, check=True).stdout
    values = dict(line.split() for line in out.splitlines())
    assert int(values["leaked"]) == 0, out
    # f = 0.05·Σ_i 6·x_i·x_(i mod 64) + Σ_i 4·x_i², x_i = 0.001·i, n = 500:
    # ∂f/∂x_1 = 0.05·(12·x_1 + 6·Σ_{k=1..7} x_(1+64k)) + 8·x_1, accumulated over 21 calls.
    x = [0.001 * i for i in range(500)]
    partial = 0.05 * (12 * x[1] + 6 * sum(x[1 + 64 * k] for k in range(1, 8))) + 8 * x[1]
    expected = 21 * partial
    assert abs(float(values["dx1"]) - expected) < 1e-9 * max(1, expected), out


BIG_TAPE = r"""
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern void __enzyme_autodiff(void *, ...);
extern int enzyme_const;

/* In place, so every step's values must be taped: 8 bytes x n x steps > 32 MiB. */
void relax(double *x, int n, int steps) {
  for (int t = 0; t < steps; t++)
    for (int i = 0; i < n; i++) x[i] = sin(x[i]) + 0.5 * x[i];
}

static long vm_size_kb(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long kb = -1;
  while (f && fgets(line, sizeof line, f))
    if (!strncmp(line, "VmSize:", 7)) kb = atol(line + 7);
  if (f) fclose(f);
  return kb;
}

int main(void) {
  int n = 1 << 20, steps = 6;
  double *x = malloc(sizeof(double) * n), *dx = malloc(sizeof(double) * n);
  double x0 = 0.3, d = 1.0;
  for (int t = 0; t < steps; t++) { d *= cos(x0) + 0.5; x0 = sin(x0) + 0.5 * x0; }
  long before = 0;
  for (int call = 0; call < 3; call++) {
    for (int i = 0; i < n; i++) { x[i] = 0.3; dx[i] = 1.0; }
    __enzyme_autodiff((void *)relax, x, dx, enzyme_const, n, enzyme_const, steps);
    if (call == 0) before = vm_size_kb();
  }
  printf("vm_growth_kb %ld\n", vm_size_kb() - before);
  printf("dx %.12f\n", dx[12345]);
  printf("expected %.12f\n", d);
  return 0;
}
"""


def test_big_tape_uses_a_released_mapping(tmp_path):
    """A tape past 32 MiB lives in a reserved mapping (huge pages); it must
    give the right gradient and be unmapped after every call."""
    source = tmp_path / "big.c"
    source.write_text(BIG_TAPE)
    ll, grad, binary = tmp_path / "big.ll", tmp_path / "big.grad.ll", tmp_path / "big"
    subprocess.run(["clang-22", "-O2", "-S", "-emit-llvm", str(source), "-o", str(ll)], check=True)
    subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-S", "-O2", "-o", str(grad)],
                   check=True)
    assert "@mmap" in grad.read_text()
    subprocess.run(["clang-22", "-O2", str(grad), "-o", str(binary), "-lm"], check=True)
    out = subprocess.run([str(binary)], capture_output=True, text=True, check=True).stdout
    values = dict(line.split() for line in out.splitlines())
    # the 1 TiB reservation is unmapped each call (glibc may keep a few MB of heap)
    assert int(values["vm_growth_kb"]) < (1 << 20), out
    assert abs(float(values["dx"]) - float(values["expected"])) < 1e-9, out
