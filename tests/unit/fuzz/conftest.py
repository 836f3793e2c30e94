"""Session summary for the fuzz sample (test_fuzz_sample.py):
"fuzz sample: N programs x L levels: P passed, R refused, D discarded, F failed".
Registered in the top-level conftest so that the xdist controller counts worker reports;
the verdict travels in each report's user_properties."""

import collections
import re

_NODE = re.compile(r"test_fuzz_sample\[(?P<seed>\d+)-(?P<level>O\d)\]")
_VERDICTS = collections.Counter()
_SEEDS, _LEVELS = set(), set()
_CONFIG = None


def pytest_configure(config):
    global _CONFIG
    _CONFIG = config


def pytest_runtest_logreport(report):
    if _CONFIG is None or hasattr(_CONFIG, "workerinput") or report.when != "call":
        return
    m = _NODE.search(report.nodeid)
    if not m:
        return
    _SEEDS.add(m.group("seed"))
    _LEVELS.add(m.group("level"))
    verdict = dict(report.user_properties).get("fuzz_verdict", "failed")
    _VERDICTS["failed" if report.failed else verdict] += 1


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if _CONFIG is None or hasattr(_CONFIG, "workerinput") or not _SEEDS:
        return
    counts = ", ".join(f"{n} {v}" for v, n in sorted(_VERDICTS.items()))
    terminalreporter.write_sep("-", "fuzz sample summary")
    terminalreporter.write_line(
        f"fuzz sample: {len(_SEEDS)} programs x {len(_LEVELS)} levels: {counts}")
