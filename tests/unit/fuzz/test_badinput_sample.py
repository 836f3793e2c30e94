"""A fixed-seed sample of the bad-input fuzzer (tests/fuzz/badinput.py; the
full run is ``make fuzz-badinput``): 33 bad invocations, three of each class
(missing and unwritable paths, truncated bitcode, random bytes, NUL bytes,
syntax errors, empty input, usage errors, unknown --mcpu/--mattr, C source),
each refused in one line with the right exit status, no traceback and no
file created."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"
sys.path.insert(0, str(FUZZ))

import badinput  # noqa: E402

SEEDS = range(3 * len(badinput.CLASSES))


@pytest.mark.parametrize("seed", SEEDS, ids=lambda s: f"{s}-{badinput.CLASSES[s % len(badinput.CLASSES)]}")
def test_bad_input_sample(seed, tmp_path):
    outcome = badinput.run_case(badinput.make_case(seed), tmp_path)
    assert outcome.verdict != "failed", f"{outcome.detail}\n{outcome.command}"


@pytest.mark.parametrize("index", range(len(badinput.MODULES)))
def test_the_modules_bad_inputs_are_made_from_are_good(index, tmp_path):
    """The fuzzer's valid modules pass, so a refusal of their edits is the edit's doing."""
    (tmp_path / "in.ll").write_text(badinput.MODULES[index])
    case = badinput.Case(0, "good", ["{dir}/in.ll", "-S", "-o", "{dir}/out.ll"])
    import subprocess
    proc = subprocess.run([*badinput.ENZYME_OPT, *case.command(str(tmp_path))],
                          capture_output=True, timeout=60)
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    assert badinput.is_valid_ir(badinput.MODULES[index].encode())
    assert b"__enzyme_" not in (tmp_path / "out.ll").read_bytes()
