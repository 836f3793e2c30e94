"""A fixed-seed sample of the differential fuzzer (tests/fuzz): random C programs at -O0..-O3
and at -O2 -ffast-math (whose loops vectorize into llvm.vector.reduce.* calls), checking their reverse gradient (combined, split, batched) and forward derivatives (widths 1, 2, 4) against finite
differences. `make fuzz` runs thousands; this runs a few dozen in `make test`. The summary
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

SEEDS = range(24)
LEVELS = ("O0", "O1", "O2", "O3", "O2+fast-math")  # the last: vectorized reductions everywhere


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
def test_fuzz_sample(seed, level, record_property):
    outcome = run.run_one((seed, level, None, None))
    record_property("fuzz_verdict", outcome.verdict)
    assert outcome.verdict not in run.BAD, f"{outcome.verdict}: {outcome.detail}\n{outcome.regen()}"


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
