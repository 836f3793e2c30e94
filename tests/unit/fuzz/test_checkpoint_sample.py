"""A fixed-seed sample of the checkpointed-loop fuzzer (tests/fuzz/checkpoint.py; `make
fuzz-checkpoint` runs 200 programs at -O0..-O3): random time steppers through
__enzyme_checkpoint_for with the periodic (1, 2, 3 segments) and bisection schemes, checked
against the plain loop's gradient and primal memory, finite differences and forward mode,
and every AD value against enzyme-opt --no-reuse's (the conservative derivative).
The summary line "checkpoint fuzz sample: ..." is printed by tests/unit/fuzz/conftest.py.
"""
import sys
import tempfile
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"
sys.path.insert(0, str(FUZZ))
import checkpoint  # noqa: E402
import run  # noqa: E402

# restrict, int *mp read and overwritten, a double's bits through a callee, in-place
# overwrites by a callee among them (each run two builds: default and --no-reuse)
SEEDS = (3, 4, 6, 15)
LEVELS = ("O0", "O2")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
def test_checkpoint_sample(seed, level, record_property):
    outcome = checkpoint.run_one((seed, level, None, None))
    record_property("fuzz_verdict", outcome.verdict)
    assert outcome.verdict == "passed", f"{outcome.verdict}: {outcome.detail}\n{outcome.regen()}"


def test_a_wrong_checkpointed_gradient_is_reported_as_wrong():
    """The checker can fail: the checkpointed gradient perturbed by 5 % (one component) must be
    `wrong` against the plain loop's and against the finite differences, for every scheme."""
    with tempfile.TemporaryDirectory() as tmp:
        verdict, detail, _ = run.check_source(checkpoint.generate(3).source(), "O1", Path(tmp),
                                              cflags=("-DCF_SABOTAGE=0.05",))
    assert verdict == "wrong", (verdict, detail)
    assert detail.startswith("blame=checkpoint "), detail
    assert "; ckpt-ad.periodic1.n" in detail and "[u0]" in detail   # against plain, first
    assert checkpoint.where(checkpoint.Outcome(3, "O1", verdict, detail)) == " [checkpoint]"


def test_a_wrong_checkpointed_hessian_vector_product_is_reported_as_wrong():
    """Forward over reverse is compared too (CF_HVP, seed 4): the checkpointed product
    perturbed by 5 % (one component) must be `wrong` against the plain loop's."""
    assert checkpoint.generate(4).hvp
    with tempfile.TemporaryDirectory() as tmp:
        verdict, detail, _ = run.check_source(checkpoint.generate(4).source(), "O1", Path(tmp),
                                              cflags=("-DCF_SABOTAGE_HVP=0.05",))
    assert verdict == "wrong", (verdict, detail)
    assert "ckpt-hvp.periodic1.n" in detail and "[u0]" in detail, detail


def test_a_checkpointed_derivative_unlike_the_conservative_one_is_reported():
    """checkpoint_runtime.h's values are compared too: the --no-reuse binary's first one
    perturbed by 1e-9 relative is `reuse-differs`."""
    with tempfile.TemporaryDirectory() as tmp:
        verdict, detail, _ = run.check_source(checkpoint.generate(3).source(), "O1", Path(tmp),
                                              sabotage=1e-9)
    assert verdict == "reuse-differs", (verdict, detail)
    assert "plain-ad.n" in detail and "--no-reuse passed" in detail


def test_programs_are_reproducible_and_vary():
    """A seed gives one program; the generator covers what it promises over a few seeds."""
    assert checkpoint.generate(7).source() == checkpoint.generate(7).source()
    text = "\n".join(checkpoint.generate(seed).source() for seed in range(40))
    for feature in ("double *w", "const double *k", "double p", "double q", "int m",
                    "steps_taken++", "g_w[", "memcpy(", "enzyme_checkpoint_region, u, "
                    "sizeof(double) * (NU + NW)", "return;", "switch (", "tab[", "pow(",
                    "fmin(", "fmax(", "log1p(", "sqrt(", "exp(", "int t,", "for (int64_t t = -3",
                    "double *__restrict u", "int *mp", "*mp = ", "enzyme_checkpoint_region, mp",
                    "unsigned long long b", "update_at", "calloc(", "#define CF_HVP 1"):
        assert feature in text, feature


# Programs the checkpoint fuzzer found failing (tests/fuzz/found/checkpoint/, shrunk); each
# bug is fixed and has a lit test under tests/lit/regress (global-in-call-without-active-args,
# float-as-i64-through-phi-O2, checkpoint-fmuladd-folded-O0). A bug found later and not fixed
# yet gets a strict xfail here naming its program in tests/fuzz/found-open/ (OPEN), so that
# its fix shows up.
FOUND = sorted((FUZZ / "found" / "checkpoint").glob("ckpt-*-O[0-3].c"))
OPEN: dict[str, str] = {}


@pytest.mark.parametrize("path", [
    pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=f"open: {OPEN[p.name]}"))
    if p.name in OPEN else p for p in FOUND], ids=lambda p: p.name)
def test_checkpoint_found_program(path):
    level = path.stem.rsplit("-", 1)[1]
    with tempfile.TemporaryDirectory() as tmp:
        verdict, detail, _ = run.check_source(path.read_text(), level, Path(tmp))
    assert verdict == "passed", (verdict, detail)
