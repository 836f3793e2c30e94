"""Region tapes are kept for the next forks (ad/sweeps/openmp/forks.py, "Region tapes are
kept"): a gradient whose parallel regions each tape more than 1 MiB a thread faults in no
fresh pages from its second call on, and every gradient is the same.  Run natively with
two threads (getrusage's minor faults)."""

import os
import subprocess
import sys

import pytest

LIBOMP = "/usr/lib/llvm-22/lib/libomp.so"

PROGRAM = r"""
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
extern void __enzyme_autodiff(void *, ...);
extern int enzyme_const;

/* Steps of an in-place update, each a region: every step tapes its input (2 MiB). */
void relax(double *x, long n, int steps) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (long i = 0; i < n; i++) x[i] = sin(x[i]) + 0.5 * x[i];
  }
}

static long faults(void) { struct rusage r; getrusage(RUSAGE_SELF, &r); return r.ru_minflt; }

int main(void) {
  long n = 1 << 18;
  double *x = malloc(n * sizeof *x), *dx = malloc(n * sizeof *dx);
  double first = 0;
  long warm = 0;
  for (int call = 0; call < 6; call++) {
    for (long i = 0; i < n; i++) { x[i] = 0.001 * (i % 1000); dx[i] = 1.0; }
    long before = faults();
    __enzyme_autodiff((void *)relax, x, dx, n, enzyme_const, 8);
    if (call == 0) first = dx[12345];
    else if (dx[12345] != first) { printf("differs %d\n", call); return 1; }
    if (call >= 2) warm += faults() - before;
  }
  printf("faults %ld\n", warm);
  return 0;
}
"""


@pytest.mark.skipif(not os.path.exists(LIBOMP), reason="no libomp")
def test_region_tapes_are_reused(tmp_path):
    source = tmp_path / "relax.c"
    source.write_text(PROGRAM)
    ll, grad, binary = tmp_path / "relax.ll", tmp_path / "relax.grad.ll", tmp_path / "relax"
    subprocess.run(["clang-22", "-fopenmp", "-O2", "-S", "-emit-llvm", str(source), "-o", str(ll)],
                   check=True)
    subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-O2", "-S", "-o", str(grad)],
                   check=True)
    subprocess.run(["clang-22", "-fopenmp", "-O2", str(grad), "-o", str(binary), "-lm"], check=True)
    env = dict(os.environ, OMP_NUM_THREADS="2")
    out = subprocess.run([str(binary)], capture_output=True, text=True, env=env).stdout
    assert out.startswith("faults"), out
    # Without the pool the four calls faulted 282 times (16 tapes of 1 MiB a call, moved
    # into fresh mappings); with it none.
    assert int(out.split()[1]) < 32, out
