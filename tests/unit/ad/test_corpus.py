"""Numeric AD corpus: every tests/corpus/{forward,reverse}/*.c program and
every tests/corpus/cpp/*.cpp program (C++, both modes in one program) at
-O0..-O3 is compiled to LLVM IR (clang-22, or clang++-22 for C++),
rewritten by enzyme-opt, run under lli-22, and its
"CHECK <label> <ad> <ref> <tol>" lines are compared: a check passes when
|ad - ref| <= tol * max(1, |ref|).  Other output lines (programs may printf)
are ignored.  Only the *.c/*.cpp files are programs: the headers they share
(harness.h, cpp_harness.h, libm_cases.h, kernels/*.h) are found through
-I tests/corpus.  Missing clang-22/clang++-22/lli-22 is a failure, not a
skip: the Makefile installs them.
"""

import hashlib
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT / "tests" / "corpus"
PROGRAMS = (sorted(CORPUS.glob("forward/*.c")) + sorted(CORPUS.glob("reverse/*.c"))
            + sorted(CORPUS.glob("cpp/*.cpp")))
LEVELS = ("-O0", "-O1", "-O2", "-O3")
CLANG = "clang-22"
CLANGXX = "clang++-22"
LLI = "lli-22"

CLANG_TIMEOUT = 120
ENZYME_OPT_TIMEOUT = 300
LLI_TIMEOUT = 120


def _rel(path):
    return path.relative_to(CORPUS).as_posix()


CASES = [
    pytest.param(prog, level, id=f"{_rel(prog)}{level}")
    for prog in PROGRAMS
    for level in LEVELS
]


def _tool(name):
    path = shutil.which(name)
    if path is None:
        pytest.fail(
            f"{name} not found on PATH: the AD corpus needs clang-22, clang++-22 and "
            f"lli-22 (installed by the Makefile's dependency step)",
            pytrace=False,
        )
    return path


def _tail(text, limit=4000):
    text = text or ""
    return text if len(text) <= limit else "...\n" + text[-limit:]


@pytest.fixture(scope="session")
def clang_cache(tmp_path_factory):
    return tmp_path_factory.mktemp("corpus-clang")


def _headers_key():
    """Names and contents of every header under tests/corpus (sorted), so
    that editing a shared header invalidates the cached clang output."""
    h = hashlib.sha256()
    for header in sorted(CORPUS.rglob("*.h")):
        h.update(_rel(header).encode() + b"\0" + header.read_bytes() + b"\0")
    return h.digest()


def _compiler(prog):
    return CLANGXX if prog.suffix == ".cpp" else CLANG


def _compile(prog, level, cache_dir):
    """clang-22 (clang++-22 for C++) -O<n> -S -emit-llvm, cached per
    (program, level, contents of the program and of all corpus headers)."""
    digest = hashlib.sha256(
        prog.read_bytes() + _headers_key() + level.encode()
    ).hexdigest()[:16]
    out = cache_dir / f"{_rel(prog).replace('/', '_')}{level}-{digest}.ll"
    if out.exists():
        return out
    tmp = out.with_suffix(f".{os.getpid()}.tmp")
    compiler = _compiler(prog)
    proc = subprocess.run(
        [_tool(compiler), level, "-S", "-emit-llvm", "-I", str(CORPUS),
         "-o", str(tmp), str(prog)],
        capture_output=True, text=True, timeout=CLANG_TIMEOUT,
    )
    if proc.returncode != 0:
        pytest.fail(
            f"{compiler} {level} failed on {_rel(prog)} (exit {proc.returncode}):\n"
            f"{_tail(proc.stderr)}",
            pytrace=False,
        )
    os.replace(tmp, out)
    return out


def _parse_checks(stdout):
    checks, malformed = [], []
    for line in stdout.splitlines():
        if not line.startswith("CHECK "):
            continue
        parts = line.split()
        if len(parts) != 5:
            malformed.append(line)
            continue
        try:
            ad, ref, tol = (float(v) for v in parts[2:])
        except ValueError:
            malformed.append(line)
            continue
        checks.append((parts[1], ad, ref, tol))
    return checks, malformed


def _passes(ad, ref, tol):
    # NaN anywhere fails: every comparison with NaN is false.
    return abs(ad - ref) <= tol * max(1.0, abs(ref))


def _relerr(ad, ref):
    try:
        return abs(ad - ref) / max(1.0, abs(ref))
    except (OverflowError, ValueError):
        return math.nan


@pytest.mark.parametrize("prog,level", CASES)
def test_corpus(prog, level, clang_cache, tmp_path):
    name = f"{_rel(prog)}{level}"
    ll = _compile(prog, level, clang_cache)
    lli = _tool(LLI)

    grad_ll = tmp_path / "x.grad.ll"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p
    )
    opt = subprocess.run(
        [sys.executable, "-m", "enzyme_opt", str(ll), "-S", "-o", str(grad_ll)],
        capture_output=True, text=True, cwd=str(ROOT), env=env,
        timeout=ENZYME_OPT_TIMEOUT,
    )
    if opt.returncode != 0 or not grad_ll.exists():
        pytest.fail(
            f"{name}: enzyme-opt failed (exit {opt.returncode})\n"
            f"--- enzyme-opt stderr ---\n{_tail(opt.stderr)}",
            pytrace=False,
        )

    try:
        run = subprocess.run(
            [lli, str(grad_ll)], capture_output=True, text=True,
            timeout=LLI_TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name}: lli-22 timed out after {LLI_TIMEOUT}s", pytrace=False)

    checks, malformed = _parse_checks(run.stdout)
    problems = []
    if run.returncode != 0:
        problems.append(f"lli-22 exited with {run.returncode}")
    if malformed:
        problems.append("malformed CHECK lines:\n  " + "\n  ".join(malformed[:10]))
    if not checks:
        problems.append("no CHECK lines printed")
    bad = [c for c in checks if not _passes(*c[1:])]
    if bad:
        lines = [
            f"  {label}: ad={ad!r} ref={ref!r} tol={tol:g} relerr={_relerr(ad, ref):.3g}"
            for label, ad, ref, tol in bad[:40]
        ]
        if len(bad) > 40:
            lines.append(f"  ... and {len(bad) - 40} more")
        problems.append(f"{len(bad)} of {len(checks)} checks out of tolerance:\n"
                        + "\n".join(lines))
    if problems:
        pytest.fail(
            f"{name}: " + "\n".join(problems)
            + f"\n--- enzyme-opt stderr ---\n{_tail(opt.stderr, 3000)}"
            + f"\n--- lli-22 stderr ---\n{_tail(run.stderr, 3000)}"
            + f"\n--- program stdout (tail) ---\n{_tail(run.stdout, 2000)}",
            pytrace=False,
        )
