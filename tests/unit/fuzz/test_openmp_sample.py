"""The OpenMP fuzzer (tests/fuzz/openmp.py; `make fuzz-openmp` runs 40 programs at -O0..-O3):
its programs are valid OpenMP C and the same for a seed, cover the constructs it promises,
and two of them pass end to end at -O2 with two threads (finite differences, the serial build,
enzyme-opt --no-reuse). The end-to-end tests need libomp (`make toolchain`); without it they
are skipped, as tests/lit/lit.cfg.py drops the `openmp` feature.
"""
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"
sys.path.insert(0, str(FUZZ))
import openmp  # noqa: E402

needs_libomp = pytest.mark.skipif(not openmp.LIBOMP.exists(),
                                  reason=f"no OpenMP runtime ({openmp.LIBOMP})")
SEEDS = (0, 1, 2, 3, 4, 5)


def test_programs_are_reproducible_and_vary():
    assert openmp.generate(7).source() == openmp.generate(7).source()
    assert openmp.generate(7).source() != openmp.generate(8).source()
    text = "\n".join(openmp.generate(seed).source() for seed in range(40))
    for feature in ("#pragma omp parallel for", "#pragma omp parallel\n", "#pragma omp for",
                    "reduction(+ : s", "reduction(* : p", "firstprivate(f", "private(pv)",
                    "#pragma omp critical\n", "#pragma omp critical (acc)", "schedule(static, ",
                    "out[i] = ", "x[i] = x[i] + ", "x[(i + 1) % n]", "double t", "+= 0.25 * m",
                    "double loc", "sin(", "exp(0.3 * sin(", "log1p(", "tanh("):
        assert feature in text, feature


@pytest.mark.skipif(not shutil.which("clang-22"), reason="no clang-22")
@pytest.mark.parametrize("seed", SEEDS)
def test_programs_are_valid_openmp_c(seed):
    """clang-22 -fopenmp -fsyntax-only accepts them with the fuzzers' warnings as errors (a
    variable read before it is set), and without -fopenmp too (the serial build)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "p.c"
        src.write_text(openmp.generate(seed).source())
        for flags in (["-fopenmp"], ["-Wno-unknown-pragmas"]):
            r = subprocess.run(["clang-22", *flags, "-fsyntax-only", "-Wall", "-Werror",
                                "-Wno-unused-variable", *openmp.run.GENERATED_FLAGS,
                                "-I", str(FUZZ), str(src)], capture_output=True, text=True)
            assert r.returncode == 0, r.stderr


@needs_libomp
@pytest.mark.parametrize("seed", (0, 1))
def test_openmp_sample(seed, record_property):
    outcome = openmp.run_one((seed, "O2", None, None))
    record_property("fuzz_verdict", outcome.verdict)
    assert outcome.verdict == "passed", f"{outcome.verdict}: {outcome.detail}\n{outcome.regen()}"


@needs_libomp
def test_a_serial_build_that_differs_is_reported():
    """The comparison can fail: the serial build's first value perturbed by 1e-8 relative is
    `serial-differs` (the conservative build is skipped here, for time)."""
    with tempfile.TemporaryDirectory() as tmp:
        verdict, detail, _ = openmp.check_program(openmp.generate(2).source(), "O1", Path(tmp),
                                                  conservative=False,
                                                  sabotage={"serial": 1e-8})
    assert verdict == "serial-differs", (verdict, detail)
    assert "1 of " in detail and "primal[0]" in detail, detail


def test_values_near_zero_are_compared_against_one():
    assert openmp.close(1e-17, -2e-17, 1e-12)
    assert openmp.close(1.0, 1.0 + 1e-13, 1e-12)
    assert not openmp.close(1.0, 1.0 + 1e-11, 1e-12)
    assert not openmp.close(100.0, 100.0 * (1 + 1e-11), 1e-12)
    assert not openmp.close(float("nan"), 1.0, 1e-12)
