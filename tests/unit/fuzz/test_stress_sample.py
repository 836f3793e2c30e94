"""A fixed-seed sample of the llvm-stress fuzzer (tests/fuzz/stress.py; the
full run is ``make fuzz-stress``): 20 small random modules, each passed
through and differentiated in both modes, with and without active float
code.  Prints the counts per class; fails on any crash or invalid output."""

from __future__ import annotations

import collections
import shutil
import sys
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"
sys.path.insert(0, str(FUZZ))

import stress  # noqa: E402

pytestmark = pytest.mark.skipif(
    not (shutil.which(stress.STRESS) and shutil.which(stress.VERIFY[0])),
    reason="needs llvm-stress-22 and opt-22")

SEEDS = range(20)
SIZES = (20, 120)


def test_stress_sample(tmp_path):
    results = []
    for seed in SEEDS:
        results += stress.check_seed(seed, stress.size_for(seed, *SIZES), str(tmp_path), None,
                                     stress.scalable_for(seed, "mix"))
    counts = collections.Counter(r.klass for r in results)
    print("llvm-stress sample:", ", ".join(f"{k} {counts[k]}" for k in stress.CLASSES))
    bad = [f"seed {r.seed} size {r.size} {r.variant}: {r.klass}: {r.detail}"
           for r in results if r.klass in ("crashed", "invalid")]
    assert not bad, "\n".join(bad)
