"""Session summaries for the fuzz samples (test_fuzz_sample.py, test_fuzz_cpp_sample.py,
test_checkpoint_sample.py): "fuzz sample: N programs x L levels: P passed, R refused, D
discarded, F failed" and the same line for C++ ("fuzz sample (C++): ...") and for the
checkpointed loops ("checkpoint fuzz sample: ..."). Registered in the top-level conftest so that the
xdist controller counts worker reports; the verdict travels in each report's user_properties."""

import collections
import re

_NODE = re.compile(r"(?P<test>test_fuzz(?:_cpp)?_sample|test_checkpoint_sample)\[(?P<seed>\d+)-(?P<level>O\d(?:\+[\w-]+)?)\]")
_TITLES = {"test_fuzz_sample": "fuzz sample", "test_fuzz_cpp_sample": "fuzz sample (C++)",
           "test_checkpoint_sample": "checkpoint fuzz sample"}
_VERDICTS = collections.defaultdict(collections.Counter)
_SEEDS, _LEVELS = collections.defaultdict(set), collections.defaultdict(set)
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
    test = m.group("test")
    _SEEDS[test].add(m.group("seed"))
    _LEVELS[test].add(m.group("level"))
    verdict = dict(report.user_properties).get("fuzz_verdict", "failed")
    _VERDICTS[test]["failed" if report.failed else verdict] += 1


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if _CONFIG is None or hasattr(_CONFIG, "workerinput") or not _SEEDS:
        return
    # Run without xdist, pytest also loads this file as tests/unit/fuzz's own conftest (a
    # second module, counting the same reports): print once.
    if getattr(config, "_fuzz_summary_printed", False):
        return
    config._fuzz_summary_printed = True
    terminalreporter.write_sep("-", "fuzz sample summary")
    for test, title in _TITLES.items():
        if _SEEDS[test]:
            counts = ", ".join(f"{n} {v}" for v, n in sorted(_VERDICTS[test].items()))
            terminalreporter.write_line(f"{title}: {len(_SEEDS[test])} programs x "
                                        f"{len(_LEVELS[test])} levels: {counts}")
