"""Session summary for the numeric AD corpus (test_corpus.py):
prints "AD corpus: N programs x L levels: P passed, F failed" at the end
(every program, C and C++), then the C++ programs (tests/corpus/cpp) alone
with their counts per level, as issue 7 asks to see them:
"C++ corpus: N programs x L levels: P passed, F failed (-O0 25/25, ...)".

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
# C++ programs: the same counts, and (passed, run) per level
_CPP_STATS = {"passed": 0, "failed": 0, "skipped": 0}
_CPP_PROGRAMS = set()
_CPP_LEVELS = {}


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
        if m.group("prog").endswith(".cpp"):
            _CPP_STATS[outcome] = _CPP_STATS.get(outcome, 0) + 1
            _CPP_PROGRAMS.add(m.group("prog"))
            passed, run = _CPP_LEVELS.get(m.group("level"), (0, 0))
            _CPP_LEVELS[m.group("level")] = (passed + (outcome == "passed"), run + 1)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not _active():
        return
    total = _STATS["passed"] + _STATS["failed"] + _STATS["skipped"]
    if total == 0:
        return
    terminalreporter.write_sep("-", "AD corpus summary")
    terminalreporter.write_line(_line("AD corpus", _STATS, _PROGRAMS, _LEVELS))
    if _CPP_PROGRAMS:
        per_level = ", ".join(f"{level} {passed}/{run}"
                              for level, (passed, run) in sorted(_CPP_LEVELS.items()))
        terminalreporter.write_line(
            _line("C++ corpus", _CPP_STATS, _CPP_PROGRAMS, _CPP_LEVELS) + f" ({per_level})")


def _line(title, stats, programs, levels):
    line = (
        f"{title}: {len(programs)} programs x {len(levels)} levels: "
        f"{stats['passed']} passed, {stats['failed']} failed"
    )
    if stats["skipped"]:
        line += f", {stats['skipped']} skipped"
    return line
