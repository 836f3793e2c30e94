"""Run Enzyme's own integration tests through enzyme-opt, as a new user would (issue 21).

    .venv/bin/python tests/peer/run.py /tmp/enzyme-integration --jobs 2 --json report.json
    .venv/bin/python tests/peer/run.py /tmp/enzyme-integration/ReverseMode/sumtil.c -v

PEER_DIR is a copy of enzyme/test/Integration from EnzymeAD/Enzyme (never committed here;
docs/testing.md says how to get one), or one test file of it. Every `// RUN:` line of every
test is expanded by runlines.py (Enzyme's opt plugin becomes enzyme-opt, its clang plugin
`clang | enzyme-opt | clang`) and run by bash in a scratch directory with a time limit; its
tools run through wrappers that log each one's exit status and stderr, so that classify.py
can say which stage failed. RUN lines whose expanded command is the same as an earlier one of
the same file (`-enzyme-inline=1` is dropped; `%loadClangEnzyme` and `%newLoadClangEnzyme`
are one flow here) take that line's result instead of running again.

Prints passed / failed / refused per folder and overall, the refusal reasons grouped, and every
failed RUN line with a one-line reason; `failed/wrong` counts the programs whose own checks
of the derivatives failed. Exits 1 when any RUN line failed.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import classify  # noqa: E402  (tests/peer is not a package)
import report  # noqa: E402
import runlines  # noqa: E402

SUFFIXES = (".c", ".cpp", ".ll", ".cu", ".f90", ".mlir")
# Tests that need what this machine does not have; listed as skipped, never run.
SKIP = ((r"^mpi|/mpi/", "MPI"),
        (r"cublas|cuda|\.cu$", "CUDA"), (r"\.f90$", "Fortran"), (r"\.mlir$", "MLIR"))
WRAPPED = ("clang-22", "clang++-22", "lli-22", "FileCheck-22", "opt-22", "llc-22", "enzyme-opt")
WRAPPER = """#!/bin/bash
# Written by tests/peer/run.py: runs {real} and logs its exit status for classify.py.
id=$$.$RANDOM
log="${{PEER_LOG:-/tmp}}"
printf '%s\\n' "$*" > "$log/{name}.$id.args"
{real} "$@" 2>"$log/{name}.$id.err"
rc=$?
cat "$log/{name}.$id.err" >&2
printf '%s %s %s\\n' {name} "$rc" "$id" >> "$log/tools.log"
exit $rc
"""


def enzyme_opt_command() -> str:
    """enzyme-opt of this checkout's venv (the one `make venv` installs), else on PATH."""
    local = Path(sys.executable).with_name("enzyme-opt")
    if local.exists():
        return str(local)
    found = shutil.which("enzyme-opt")
    return found or f"{sys.executable} -m enzyme_opt"


def write_wrappers(bindir: Path) -> dict[str, str]:
    """Logging wrappers for the tools RUN lines use; returns the tools map of runlines."""
    bindir.mkdir(parents=True, exist_ok=True)
    for name in WRAPPED:
        real = enzyme_opt_command() if name == "enzyme-opt" else shutil.which(name)
        if not real:
            continue
        path = bindir / name
        path.write_text(WRAPPER.format(real=real, name=name))
        path.chmod(0o755)
    not_tool = shutil.which("not") or "/usr/lib/llvm-22/bin/not"
    return {"enzyme-opt": "enzyme-opt", "not": not_tool}


#: a function defined to return void, and a value taken from __enzyme_fwddiff of one
_VOID_FUNCTION = re.compile(r"^\s*(?:static\s+)?(?:inline\s+)?void\s+(\w+)\s*\(", re.M)
_FWDDIFF_RESULT = re.compile(r"=\s*__enzyme_fwddiff\s*\(\s*\(\s*void\s*\*\s*\)\s*&?\s*(\w+)")


def undefined_check(text: str) -> str:
    """Why the test's own check is undefined ('' when it is not): one that reads what
    ``__enzyme_fwddiff`` returns for a function returning void (the derivative returns
    nothing; the caller reads whatever is in the return register) can pass only by chance."""
    voids = set(_VOID_FUNCTION.findall(text))
    for match in _FWDDIFF_RESULT.finditer(text):
        if match.group(1) in voids:
            return (f"its check reads what __enzyme_fwddiff returns for {match.group(1)}, "
                    f"which returns void (undefined)")
    return ""


def skip_reason(path: Path, text: str) -> str:
    """Why a test is not run here ('' when it is)."""
    name = "/" + "/".join(p.lower() for p in path.parts[-3:-1]) + "/"
    for pattern, why in SKIP:
        if re.search(pattern, path.name.lower()) or re.search(pattern, name):
            return why
    undefined = undefined_check(text)
    if undefined:
        return undefined
    found = runlines.directives(text)
    for req in found.get("REQUIRES", []):
        return f"REQUIRES: {req}"
    for uns in found.get("UNSUPPORTED", []):
        if any(k in uns for k in ("*", "linux", "x86")):
            return f"UNSUPPORTED: {uns}"
    return ""


def discover(root: Path) -> list[Path]:
    if root.is_file():
        return [root]
    return sorted(p for p in root.rglob("*") if p.suffix in SUFFIXES and p.is_file()
                  and "Inputs" not in p.parts)


def folder_of(path: Path, root: Path) -> str:
    if root.is_file():
        return path.parent.name
    rel = path.relative_to(root)
    return rel.parts[0] if len(rel.parts) > 1 else "."


def plan(root: Path, tools: dict[str, str], include: list[str], scratch: Path):
    """(jobs to run, records) where every record is a dict for one RUN line."""
    records, jobs = [], []
    for path in discover(root):
        text = path.read_text(errors="replace")
        folder = folder_of(path, root)
        rel = str(path.relative_to(root)) if root.is_dir() else path.name
        runs = runlines.parse_run_lines(text)
        why = skip_reason(path, text)
        if why or not runs:
            records.append(dict(file=rel, folder=folder, line=0, level="", status="skipped",
                                kind="", detail=why or "no RUN lines", command=""))
            continue
        xfail = "XFAIL" in runlines.directives(text)
        errors = classify.expected_errors(text)
        seen: dict[str, dict] = {}
        setup: list[str] = []   # lines that only prepare files (`echo f > %t.list`): lit runs
        for i, run in enumerate(runs):   # a file's lines in one %t, we run each on its own
            work = scratch / f"{len(jobs) + len(records)}"
            written = run.text
            if setup:
                run.text = " ; ".join([*setup, run.text])
            runlines.expand(run, str(path), str(work), tools, include)
            if not re.search(r"%(opt|clang|lli)|\b(opt|clang|lli)\b", written):
                setup.append(written)
            rec = dict(file=rel, folder=folder, line=run.number, level=run.level,
                       status="", kind="", detail="", command=run.command, text=run.text,
                       verify=run.verify, same_as=None)
            records.append(rec)
            if run.skip:
                rec.update(status="skipped", detail=run.skip)
                continue
            if run.command in seen:
                rec["same_as"] = seen[run.command]["line"]
                continue
            seen[run.command] = rec
            jobs.append((rec, str(path), work, run.verify, errors, xfail))
    return jobs, records


def execute(job, bindir: Path, timeout: float) -> dict:
    rec, source, work, verify, errors, xfail = job
    shutil.rmtree(work, ignore_errors=True)     # tools.log is appended to: start empty
    work.mkdir(parents=True)
    env = dict(os.environ, PATH=f"{bindir}:{os.environ.get('PATH', '')}", PEER_LOG=str(work))
    start = time.monotonic()
    proc = subprocess.Popen(["bash", "-c", "set -o pipefail\n" + rec["command"]], cwd=work,
                            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, errors="replace",
                            start_new_session=True)
    timed_out = False
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
    verdict = classify.classify(proc.returncode, timed_out, out, err, classify.read_tools(work),
                                source, verify, errors, xfail)
    rec.update(status=verdict.status, kind=verdict.kind, detail=verdict.detail,
               notes=verdict.notes, seconds=round(time.monotonic() - start, 1),
               stderr_tail=err[-2000:])
    return rec


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("peer_dir", type=Path, help="enzyme/test/Integration, or one test file")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per RUN line")
    ap.add_argument("--include", action="append", default=None, metavar="DIR",
                    help="-I added to every clang (default: /tmp/enzyme-include, where "
                         "Enzyme's enzyme/include goes, and /usr/include/eigen3)")
    ap.add_argument("--json", type=Path, help="write every RUN line's result here")
    ap.add_argument("--keep", type=Path, help="scratch directory to keep (default: removed)")
    ap.add_argument("--plugin-flow", choices=runlines.PLUGIN_FLOWS, default=runlines.PLUGIN_FLOW,
                    help="how RUN lines with Enzyme's clang plugin are run (runlines.py)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print each command")
    args = ap.parse_args(argv)
    runlines.PLUGIN_FLOW = args.plugin_flow
    root = args.peer_dir.resolve()
    if not root.exists():
        print(f"peer: {root} does not exist (docs/testing.md says how to get Enzyme's tests)",
              file=sys.stderr)
        return 2
    includes = args.include if args.include is not None else ["/tmp/enzyme-include",
                                                               "/usr/include/eigen3"]
    scratch = args.keep or Path(tempfile.mkdtemp(prefix="peer-"))
    scratch.mkdir(parents=True, exist_ok=True)
    tools = write_wrappers(scratch / "bin")
    # -DENZ_HEADERS: the stored test_utils.h is newer than some tests and includes the C
    # headers (<stdint.h>, <assert.h>) only when this is defined; the tests written
    # before it use uint64_t and assert through it (mycos.c, invsqrt.c).
    jobs, records = plan(root, tools, [f"-I{d}" for d in includes] + ["-DENZ_HEADERS"], scratch)
    print(f"peer: {len(records)} RUN lines in {len({r['file'] for r in records})} files, "
          f"{len(jobs)} distinct commands to run, {args.jobs} at a time", flush=True)
    done = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(execute, job, scratch / "bin", args.timeout) for job in jobs]
        for fut in concurrent.futures.as_completed(futures):
            rec = fut.result()
            done += 1
            mark = rec["status"] + (f"/{rec['kind']}" if rec["status"] == "failed" else "")
            print(f"[{done}/{len(jobs)}] {mark:16} {rec['file']}:{rec['line']} {rec['level']}"
                  + (f"\n    {rec['command']}" if args.verbose else ""), flush=True)
    by_line = {(r["file"], r["line"]): r for r in records}
    for rec in records:
        if rec.get("same_as") is not None:
            src = by_line[(rec["file"], rec["same_as"])]
            for key in ("status", "kind", "detail", "notes"):
                rec[key] = src.get(key)
    code = report.summary(records)
    if args.json:
        args.json.write_text(json.dumps(records, indent=1))
        print(f"\npeer: wrote {args.json}")
    if not args.keep:
        shutil.rmtree(scratch, ignore_errors=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
