"""Summary line for the round-trip corpus (tests/unit/ir/test_roundtrip.py).

Reports are counted in ``pytest_runtest_logreport``; under pytest-xdist the
controller receives every worker's reports through that same hook, and only the
controller prints the terminal summary, so the counts are whole-run totals.

Caveat: under xdist the controller does not collect, so it loads this file only
when it is an *initial* conftest: ``tests/unit/ir`` (or a file in it) is on the
command line.  For a bare ``pytest -n 2`` (testpaths = tests/unit) the rootdir
``conftest.py`` can load it as a plugin::

    pytest_plugins = ["tests.unit.ir.conftest"]

Being registered twice (plugin + conftest) is harmless: the counts live on the
``config`` object, keyed by nodeid, and the summary is printed once.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

_SRC_DIR = Path(__file__).resolve().parents[2] / "roundtrip" / "src"
_LEVELS = 4
_DEBUG = 2

_STATE_ATTR = "_enzyme_opt_roundtrip_outcomes"
_PRINTED_ATTR = "_enzyme_opt_roundtrip_summary_printed"
_config = None
_fallback = SimpleNamespace()  # only if reports arrive before pytest_configure


def pytest_configure(config):
    global _config
    _config = config


def _outcomes() -> dict[str, dict[str, str]]:
    """kind -> nodeid -> outcome, shared by every copy of this plugin."""
    holder = _config if _config is not None else _fallback
    state = getattr(holder, _STATE_ATTR, None)
    if state is None:
        state = {"ll": {}, "bitcode": {}}
        setattr(holder, _STATE_ATTR, state)
    return state


def _kind(nodeid: str) -> str | None:
    if "test_roundtrip" not in nodeid:
        return None
    if "::test_roundtrip_ll[" in nodeid:
        return "ll"
    if "::test_roundtrip_bitcode[" in nodeid:
        return "bitcode"
    return None


def pytest_runtest_logreport(report):
    kind = _kind(report.nodeid)
    if kind is None:
        return
    if report.when == "call":
        _outcomes()[kind][report.nodeid] = report.outcome
    elif report.when == "setup" and report.outcome != "passed":
        # fixture error or skip before the call phase: still one module
        _outcomes()[kind][report.nodeid] = "failed" if report.failed else "skipped"


def _count(kind: str) -> tuple[int, int, int, int]:
    values = list(_outcomes()[kind].values())
    return (len(values), values.count("passed"), values.count("failed"),
            values.count("skipped"))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if getattr(config, _PRINTED_ATTR, False):
        return
    total, passed, failed, skipped = _count("ll")
    bc_total, bc_passed, bc_failed, bc_skipped = _count("bitcode")
    if total == 0 and bc_total == 0:
        return
    setattr(config, _PRINTED_ATTR, True)
    n_sources = sum(1 for p in _SRC_DIR.glob("*") if p.suffix in (".c", ".cpp"))
    line = (f"round-trip corpus: {total} modules ({n_sources} sources x {_LEVELS} levels "
            f"x {_DEBUG} debug) {passed} passed, {failed} failed")
    if skipped:
        line += f", {skipped} skipped"
    if bc_total:
        line += f"; bitcode: {bc_total} modules {bc_passed} passed, {bc_failed} failed"
        if bc_skipped:
            line += f", {bc_skipped} skipped"
    terminalreporter.write_sep("-", "round-trip summary")
    terminalreporter.write_line(line, red=bool(failed or bc_failed),
                                green=not (failed or bc_failed))
