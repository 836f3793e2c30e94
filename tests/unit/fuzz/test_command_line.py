"""The fuzzers' own command lines: a bad argument is one line, not a traceback."""

import subprocess
import sys
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"


@pytest.mark.parametrize("tool", ["run.py", "checkpoint.py", "openmp.py"])
@pytest.mark.parametrize("source, reason", [("missing.c", "No such file or directory"),
                                            (".", "Is a directory")])
def test_unreadable_source_is_one_line(tmp_path, tool, source, reason):
    proc = subprocess.run([sys.executable, str(FUZZ / tool), "--source", source],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr == f"{tool}: error: --source {source}: cannot read it: {reason}\n"
    assert proc.stdout == ""
