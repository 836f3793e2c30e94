"""A fixed-seed sample of the differential fuzzer (tests/fuzz): random C programs at -O0..-O3
and at -O2 -ffast-math (whose loops vectorize into llvm.vector.reduce.* calls), checking their
reverse gradient (combined, split, batched) and forward derivatives (widths 1, 2, 4) against
finite differences, and every AD value against enzyme-opt --no-reuse's (the conservative
derivative). `make fuzz` runs thousands; this runs a few dozen in `make test`. The summary
line "fuzz sample: ..." is printed by tests/unit/fuzz/conftest.py.
"""
import sys
import tempfile
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"
sys.path.insert(0, str(FUZZ))
import gen  # noqa: E402
import run  # noqa: E402

# Seeds whose programs, between them, have every pattern of issue 20 (restrict, int *N read and
# overwritten, the struct parameter, a real's bits through a callee into the heap, in-place
# overwrites by target and by callees) besides the older ones: see test_the_sample_has_...
# Each run costs two builds (the default derivative and the conservative one): ten programs
# keep the sample's cost what 24 were without the comparison.
SEEDS = (0, 1, 4, 6, 8, 12, 14, 18, 28, 45)
LEVELS = ("O0", "O1", "O2", "O3", "O2+fast-math")  # the last: vectorized reductions everywhere


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
def test_fuzz_sample(seed, level, record_property):
    outcome = run.run_one((seed, level, None, None))
    record_property("fuzz_verdict", outcome.verdict)
    assert outcome.verdict not in run.BAD, f"{outcome.verdict}: {outcome.detail}\n{outcome.regen()}"


def test_debug_info_stays_valid():
    """A program compiled with -g (level ``O0+g``): the derivative's debug information must
    pass LLVM's verifier, or the run is `invalid` (LLVM drops broken debug info with a
    warning and exit status 0: a second compile unit came back at -O0 -g before ea29fe1)."""
    assert run.level_options("O0+g") == ["-O0", "-g"]
    outcome = run.run_one((0, "O0+g", None, None))
    assert outcome.verdict not in run.BAD, f"{outcome.verdict}: {outcome.detail}"


def test_a_wrong_gradient_is_reported_as_wrong():
    """The checker itself can fail: a gradient perturbed by 5 % must be `wrong`, in reverse,
    split and batched reverse mode."""
    with tempfile.TemporaryDirectory() as tmp:
        verdict, detail, _ = run.check_source(gen.generate(3).source(), "O2", Path(tmp),
                                           cflags=("-DFUZZ_SABOTAGE=0.05",))
    assert verdict == "wrong", (verdict, detail)
    assert "reverse[0]" in detail
    assert "split[0]" in detail                       # split reverse mode is checked too
    assert "reverse-width2.lane1[0]" in detail        # and batched reverse mode's lanes


def test_a_wrong_hessian_vector_product_is_reported_as_wrong():
    """Forward over reverse is checked (fuzz_runtime.h's FUZZ_HVP, seed 3): a product
    perturbed by 5 % must be `wrong`, and the unperturbed program checks it."""
    assert gen.generate(3).hvp
    with tempfile.TemporaryDirectory() as tmp:
        verdict, detail, _ = run.check_source(gen.generate(3).source(), "O2", Path(tmp),
                                           cflags=("-DFUZZ_SABOTAGE_HVP=0.05",))
    assert verdict == "wrong", (verdict, detail)
    assert detail.startswith("hvp[0]"), detail


def test_a_derivative_unlike_the_conservative_one_is_reported():
    """The conservative comparison can fail: the --no-reuse binary's first AD value perturbed by
    1e-9 relative (far below what finite differences can see) is `reuse-differs` (seed 6: a
    double program, compared to 1e-12)."""
    with tempfile.TemporaryDirectory() as tmp:
        verdict, detail, checks = run.check_source(gen.generate(6).source(), "O2", Path(tmp),
                                                   sabotage=1e-9)
    assert verdict == "reuse-differs", (verdict, detail)
    assert detail.startswith("1 of "), detail
    assert "finite differences: default passed, --no-reuse passed" in detail
    assert checks[2] > 50                        # many AD values were compared


def test_the_comparison_is_to_1e12_relative():
    assert run.same_value(1.0, 1.0 + 5e-13) and not run.same_value(1.0, 1.0 + 2e-12)
    # a float program compiled with optimization: LLVM's folding of float libm calls allowed
    assert run.same_value(1.0, 1.0 + 1e-6, run.REUSE_REL_FLOAT)
    assert not run.same_value(1.0, 1.0 + 1e-4, run.REUSE_REL_FLOAT)
    assert run.same_value(0.0, -0.0) and not run.same_value(0.0, 1e-300)
    assert run.same_value(float("nan"), float("nan"))
    assert run.same_value(float("inf"), float("inf"))
    assert not run.same_value(float("inf"), float("-inf")) and not run.same_value(1.0, float("nan"))
    ours = [("reverse[0]", "0x1p+0"), ("reverse[1]", "-nan")]
    assert run.compare_printouts(ours, [("reverse[0]", "0x1.0000000000001p+0"),
                                        ("reverse[1]", "nan")]) == ([], 2)
    differences, _ = run.compare_printouts(ours, [("reverse[0]", "0x1.00001p+0"),
                                                  ("reverse[1]", "nan")])
    assert differences == ["reverse[0] 1 1.0000009536743164"]
    differences, _ = run.compare_printouts(ours, ours[:1])   # one build printed less
    assert differences and "different values" in differences[0]


def test_the_sample_has_issue_20s_patterns():
    """The generator writes what found issue 20's silent wrong derivatives, and SEEDS has it."""
    text = "\n".join(gen.generate(seed).source() for seed in SEEDS)
    for feature in ("real *__restrict x", "int *N", "< *N", "*N = ", "sizeof(real) * *N",
                    "reduce_n", "set_n", "struct fuzz_state *", "s->k = ", "(s->k + ",
                    "update_state", "update_at", "fuzz_bits b", "bits_alloc", "bits_store",
                    "axpy", "HAS_GLOBAL 1", "typedef float", "bufa", "rows"):
        assert feature in text, feature


def test_shrinker_keeps_the_failure_and_deletes_statements():
    """Shrinking a sabotaged program (always `wrong`) leaves what the return needs."""
    import shrink
    program = gen.generate(5)
    with tempfile.TemporaryDirectory() as tmp:
        original = run.check_source
        try:
            run.check_source = lambda src, level, work, **kw: original(
                src, level, work, cflags=("-DFUZZ_SABOTAGE=0.05",), **kw)
            shrink.check_source = run.check_source
            small = shrink.shrink(program, "O0", "wrong", Path(tmp), log=lambda *_: None)
        finally:
            run.check_source = shrink.check_source = original
    assert 2 * len(small.source().splitlines()) < len(program.source().splitlines())
    assert small.body[-1].head == program.body[-1].head      # the return is never deleted
