"""The programs the fuzzers found wrong derivatives in (tests/fuzz/found/), kept as regression
tests: each must now pass its own finite-difference checks at the level it failed at. Each
file's header says what was wrong and why; the fix has its own lit test under tests/lit/regress.
"""
import re
import sys
import tempfile
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"
sys.path.insert(0, str(FUZZ))
import run  # noqa: E402

FOUND = sorted(p for p in (FUZZ / "found").iterdir() if p.suffix in (".c", ".cpp")
               and re.search(r"-(O[0-3])$", p.stem))

# Found programs that also meet a bug still open in a check added to fuzz_runtime.h after they
# were found (its repro is in tests/fuzz/found-open/, see the README there): checked here
# without that check; the strict xfail below says when the bug is fixed (then drop the entry).
OPEN: dict[str, tuple[str, ...]] = {}


def _check(path, cflags=()):
    level = re.search(r"-(O[0-3])$", path.stem).group(1)
    lang = "cpp" if path.suffix == ".cpp" else "c"
    with tempfile.TemporaryDirectory() as tmp:
        verdict, detail, _ = run.check_source(path.read_text(), level, Path(tmp), cflags=cflags,
                                              lang=lang)
    return verdict, detail


@pytest.mark.parametrize("path", FOUND, ids=lambda p: p.name)
def test_found_program_is_right_now(path):
    verdict, detail = _check(path, OPEN.get(path.name, ()))
    assert verdict == "passed", (verdict, detail)


if OPEN:  # defined only while a bug is open (an empty parametrization would show as skipped)
    @pytest.mark.xfail(strict=True, reason="a bug still open: tests/fuzz/found-open/README.md")
    @pytest.mark.parametrize("name", sorted(OPEN))
    def test_found_program_with_every_check(name):
        verdict, detail = _check(FUZZ / "found" / name)
        assert verdict == "passed", (verdict, detail)
