"""A fixed-seed sample of the fuzzer's C++ dialect (tests/fuzz/gen_cpp.py): random C++ programs
(std::vector growth and reshaping, <algorithm>/<numeric>, std::array, unique_ptr, references,
classes, templates, lambdas) at -O0..-O3 checking their reverse gradient and forward
derivatives against finite differences and against enzyme-opt --no-reuse's (the
conservative derivative). `make fuzz-cpp` runs hundreds; this runs a few in `make test`. The summary line "fuzz sample (C++): ..." is printed by tests/unit/fuzz/conftest.py.
"""
import sys
import tempfile
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"
sys.path.insert(0, str(FUZZ))
import gen_cpp  # noqa: E402
import run  # noqa: E402

# restrict, int *N, the struct parameter, a real's bits through a callee, an in-place update by
# a callee among them (each run two builds: the default derivative and the conservative one)
SEEDS = (4, 6, 8)
LEVELS = ("O0", "O1", "O2", "O3")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
def test_fuzz_cpp_sample(seed, level, record_property):
    outcome = run.run_one((seed, level, None, None, "cpp"))
    record_property("fuzz_verdict", outcome.verdict)
    assert outcome.verdict not in run.BAD, f"{outcome.verdict}: {outcome.detail}\n{outcome.regen()}"


def test_a_wrong_cpp_gradient_is_reported_as_wrong():
    """The C++ checker can fail too: a gradient perturbed by 5 % must be `wrong` (reverse,
    split and batched reverse mode)."""
    with tempfile.TemporaryDirectory() as tmp:
        verdict, detail, _ = run.check_source(gen_cpp.generate(3).source(), "O2", Path(tmp),
                                              cflags=("-DFUZZ_SABOTAGE=0.05",), lang="cpp")
    assert verdict == "wrong", (verdict, detail)
    assert "reverse[0]" in detail
    assert "split[0]" in detail                       # split reverse mode is checked too
    assert "reverse-width2.lane1[0]" in detail        # and batched reverse mode's lanes


def test_cpp_regenerate_command_names_the_dialect():
    outcome = run.Outcome(12, "O2", "wrong", lang="cpp")
    assert "--lang cpp --seed 12 --levels O2" in outcome.regen()
