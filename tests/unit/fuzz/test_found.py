"""The programs the fuzzers found wrong derivatives in (tests/fuzz/found/), kept as regression
tests: each must now pass its own finite-difference checks at the level it failed at (and
agree with enzyme-opt --no-reuse, for those found by that comparison: "reuse" in the name).
Each file's header says what was wrong and why; the fix has its own lit test under
tests/lit/regress.

The programs of bugs still open (tests/fuzz/found-open/, README there) are strict xfails naming
their bug: when one passes, the bug is fixed; move the program to found/ and its entry out of
OPEN_BUGS.
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
    # The conservative comparison (a second build) only where it is what found the bug: the
    # finite differences see the others' (keeps make test's cost).
    compare = "reuse" in path.name
    with tempfile.TemporaryDirectory() as tmp:
        verdict, detail, _ = run.check_source(path.read_text(), level, Path(tmp), cflags=cflags,
                                              lang=lang, compare=compare)
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


OPEN_FOUND = sorted(p for p in (FUZZ / "found-open").iterdir() if p.suffix in (".c", ".cpp")
                    and re.search(r"-(O[0-3])$", p.stem))
# found-open program -> the open bug it meets (each file's header has the details)
OPEN_BUGS = {
}


def test_every_open_program_names_its_bug():
    assert sorted(p.name for p in OPEN_FOUND) == sorted(OPEN_BUGS)


@pytest.mark.parametrize("path", [
    pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=f"open: {OPEN_BUGS.get(p.name)}"))
    for p in OPEN_FOUND], ids=lambda p: p.name)
def test_open_program_is_right(path):
    verdict, detail = _check(path)
    assert verdict == "passed", (verdict, detail)
