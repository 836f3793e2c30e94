"""Session summary for the numeric AD corpus (test_corpus.py):
prints "AD corpus: N programs x L levels: P passed, F failed" at the end.

Counts come from pytest_runtest_logreport, which under pytest-xdist the
controller receives for every worker report (this conftest must then be
loaded by the controller, i.e. tests/unit/ad is on the command line or this
module is registered as a plugin).  Only reports of test_corpus are counted:
the "call" phase, plus setup failures (errors) as failed.
"""

import re

_NODE = re.compile(r"test_corpus\[(?P<prog>.+?)(?P<level>-O\d)\]")

# Guard against double counting if this module gets registered twice
# (as a conftest and as an explicit plugin): only the first instance counts.
_MARK = object()
_CONFIG = None
_STATS = {"passed": 0, "failed": 0, "skipped": 0}
_PROGRAMS = set()
_LEVELS = set()


def pytest_configure(config):
    global _CONFIG
    _CONFIG = config
    if getattr(config, "_ad_corpus_summary_owner", None) is None:
        config._ad_corpus_summary_owner = _MARK


def _active():
    return (
        _CONFIG is not None
        and getattr(_CONFIG, "_ad_corpus_summary_owner", None) is _MARK
        and not hasattr(_CONFIG, "workerinput")  # xdist worker: controller counts
    )


def pytest_runtest_logreport(report):
    if not _active() or "ad/test_corpus.py" not in report.nodeid:
        return
    if report.when == "call":
        outcome = report.outcome
    elif report.when == "setup" and report.failed:
        outcome = "failed"
    elif report.when == "setup" and report.skipped:
        outcome = "skipped"
    else:
        return
    _STATS[outcome] = _STATS.get(outcome, 0) + 1
    m = _NODE.search(report.nodeid)
    if m:
        _PROGRAMS.add(m.group("prog"))
        _LEVELS.add(m.group("level"))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not _active():
        return
    total = _STATS["passed"] + _STATS["failed"] + _STATS["skipped"]
    if total == 0:
        return
    line = (
        f"AD corpus: {len(_PROGRAMS)} programs x {len(_LEVELS)} levels: "
        f"{_STATS['passed']} passed, {_STATS['failed']} failed"
    )
    if _STATS["skipped"]:
        line += f", {_STATS['skipped']} skipped"
    terminalreporter.write_sep("-", "AD corpus summary")
    terminalreporter.write_line(line)
