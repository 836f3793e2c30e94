"""The bad-input fuzzer: enzyme-opt refuses what is not a job for it in one line.

For seeds S = start .. start+count-1 this makes one bad invocation of
enzyme-opt, of the class ``CLASSES[S % len(CLASSES)]``, randomized by S:

* ``missing-input``   an input path that does not exist, or under a regular file;
* ``directory-input`` a directory as the input;
* ``bad-output``      ``-o`` in a missing directory, under a file, a directory,
                      or a file system that refuses new files (``/proc``);
* ``truncated-bc``    bitcode of a valid module cut at a random byte;
* ``random-bytes``    random bytes (some after the bitcode magic, some printable);
* ``nul-byte``        valid text IR with a NUL byte at a random place;
* ``syntax-error``    valid text IR with a random edit (a character deleted,
                      inserted or replaced, the text cut short);
* ``empty``           nothing, or only white space;
* ``usage``           an unknown flag, a bad ``-O``/``--emit`` value, an
                      option without its value, two inputs;
* ``target-option``   an ``--mcpu``/``--mattr`` LLVM does not know;
* ``source-code``     a C, C++ or CUDA file (or C on standard input).

Each run must end one of two ways:

* ``refused``: exit status 1 (2 for usage errors), exactly one line on stderr
  starting ``enzyme-opt: error:``, no Python traceback, nothing on stdout, and
  no file created (the output path, its directory, a temporary file);
* ``accepted``: only for a random edit that left valid IR (LLVM's own parser
  and verifier say so): exit 0 and nothing on stderr, or a one-line refusal.

Either may follow LLVM's warnings about the input, in enzyme-opt's form
(``enzyme-opt: warning: in.ll: ignoring debug info with an invalid version``).

Anything else (a traceback, another status, several lines, a file left behind,
exit 0 on bad input) is ``failed``; the summary lists each failure with the
command that reproduces it.  Exit status 1 when any run failed.

    .venv/bin/python tests/fuzz/badinput.py --count 1000 [--start S] [--jobs N]
                                            [--seed S --keep DIR]

The environment variable ``ENZYME_OPT`` names the command to test (default:
``python -m enzyme_opt`` with this interpreter).
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import shlex
import string
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ENZYME_OPT = shlex.split(os.environ.get("ENZYME_OPT", "")) or [sys.executable, "-m",
                                                               "enzyme_opt"]
TIMEOUT_S = 60

#: Valid modules the corrupt inputs are made from: with Enzyme calls in both
#: modes, and one with debug info (its edits reach the metadata).
MODULES = [
    """\
declare double @__enzyme_fwddiff(ptr, ...)
declare double @__enzyme_autodiff(ptr, ...)

define double @sq(double %x) {
entry:
  %m = fmul double %x, %x
  %s = call double @llvm.sin.f64(double %m)
  ret double %s
}

declare double @llvm.sin.f64(double)

define double @tangent(double %x) {
entry:
  %r = call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, double %x, double 1.0)
  ret double %r
}

define double @gradient(double %x) {
entry:
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @sq, double %x)
  ret double %r
}
""",
    """\
target triple = "x86_64-pc-linux-gnu"

@enzyme_const = external global i32

declare double @__enzyme_autodiff(ptr, ...)

define double @sum(ptr %a, i32 %n) {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds double, ptr %a, i32 %i
  %v = load double, ptr %p, align 8
  %v2 = fmul double %v, %v
  %s.next = fadd double %s, %v2
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  ret double %r
}

define void @grad(ptr %a, ptr %da, i32 %n) {
entry:
  %m = load i32, ptr @enzyme_const
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @sum, ptr %a, ptr %da, i32 %m, i32 %n)
  ret void
}
""",
    """\
source_filename = "f.c"

declare double @__enzyme_autodiff(ptr, ...)

define double @cube(double %x) !dbg !5 {
entry:
  %a = fmul double %x, %x, !dbg !8
  %b = fmul double %a, %x, !dbg !8
  ret double %b, !dbg !8
}

define double @dcube(double %x) !dbg !9 {
entry:
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @cube, double %x), !dbg !10
  ret double %r, !dbg !10
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "f.c", directory: "/tmp")
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "cube", scope: !1, file: !1, line: 2, type: !6, scopeLine: 2, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 2, column: 30, scope: !5)
!9 = distinct !DISubprogram(name: "dcube", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0)
!10 = !DILocation(line: 3, column: 30, scope: !9)
""",
]

C_SOURCE = """\
#include <math.h>
extern double __enzyme_autodiff(void *, ...);
double f(double x) { return sin(x) * x; }
double df(double x) { return __enzyme_autodiff((void *)f, x); }
"""

CLASSES = ["missing-input", "directory-input", "bad-output", "truncated-bc", "random-bytes",
           "nul-byte", "syntax-error", "empty", "usage", "target-option", "source-code"]


@dataclass
class Case:
    """One invocation: ``args`` (``{dir}`` stands for the work directory),
    files to create there first, standard input, the exit status a refusal
    has, and whether the input may be valid after all (``may_be_valid``)."""

    seed: int
    klass: str
    args: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    directories: list[str] = field(default_factory=list)
    stdin: bytes = b""
    status: int = 1
    may_be_valid: bool = False
    says: str = ""
    """a fragment the refusal's line must hold (it names the problem)"""

    def command(self, work: str) -> list[str]:
        return [a.replace("{dir}", work) for a in self.args]


def make_case(seed: int) -> Case:
    rng = random.Random(seed)
    klass = CLASSES[seed % len(CLASSES)]
    return globals()["_" + klass.replace("-", "_")](seed, rng)


def _name(rng: random.Random, suffix: str = ".ll") -> str:
    return "".join(rng.choices(string.ascii_lowercase, k=rng.randint(1, 8))) + suffix


def _output(rng: random.Random) -> list[str]:
    """Where the output goes when the input is the bad part."""
    return rng.choice([["-S", "-o", "{dir}/out.ll"], ["-o", "{dir}/out.bc"],
                       ["--emit", "obj", "-o", "{dir}/out.o"], ["-S", "-O2", "-o", "{dir}/o.ll"],
                       ["-S", "-o", "-"], ["-o", "-"]])


def _module(rng: random.Random) -> str:
    return rng.choice(MODULES)


def _missing_input(seed, rng):
    path = rng.choice([f"{{dir}}/{_name(rng)}", f"{{dir}}/plain/{_name(rng)}",
                       f"{{dir}}/no/such/dir/{_name(rng, '.bc')}"])
    return Case(seed, "missing-input", [path, *_output(rng)], files={"plain": b"a file\n"},
                says="cannot read the input")


def _directory_input(seed, rng):
    return Case(seed, "directory-input", ["{dir}/sub", *_output(rng)], directories=["sub"])


def _bad_output(seed, rng):
    out = rng.choice([f"{{dir}}/missing/{_name(rng)}", f"{{dir}}/plain/{_name(rng)}", "{dir}/sub",
                      "{dir}", "/proc/version", f"/proc/{_name(rng)}"])
    kind = rng.choice([["-S"], [], ["--emit", "asm"], ["-O1", "-S"]])
    return Case(seed, "bad-output", ["{dir}/in.ll", *kind, "-o", out],
                files={"in.ll": _module(rng).encode(), "plain": b"a file\n"},
                directories=["sub"], says="cannot write the output")


def _bitcode(text: str) -> bytes:
    import llvmlite.binding as llvm
    return llvm.parse_assembly(text, context=llvm.create_context()).as_bitcode()


def _truncated_bc(seed, rng):
    data = _bitcode(_module(rng))
    cut = data[:rng.randint(4, len(data) - 1)]
    if rng.random() < 0.3:
        return Case(seed, "truncated-bc", ["-", *_output(rng)], stdin=cut)
    return Case(seed, "truncated-bc", ["{dir}/in.bc", *_output(rng)], files={"in.bc": cut})


def _random_bytes(seed, rng):
    size = rng.choice([1, 3, 16, 200, 5000])
    style = rng.choice(["any", "magic", "printable", "elf"])
    if style == "printable":
        data = "".join(rng.choices(string.printable, k=size)).encode()
    else:
        data = bytes(rng.getrandbits(8) for _ in range(size))
        data = {"magic": b"BC\xc0\xde", "elf": b"\x7fELF", "any": b""}[style] + data
    if not data.strip():
        data = b"x" + data
    return Case(seed, "random-bytes", ["{dir}/in" + rng.choice([".ll", ".bc", ""]),
                                       *_output(rng)], files={"in.ll": data, "in.bc": data,
                                                              "in": data},
                may_be_valid=True)     # ";" or " ;x" is a module


def _nul_byte(seed, rng):
    text = _module(rng).encode()
    at = rng.randint(0, len(text))
    return Case(seed, "nul-byte", ["{dir}/in.ll", *_output(rng)],
                files={"in.ll": text[:at] + b"\0" + text[at:]}, says="NUL byte")


def _syntax_error(seed, rng):
    text = _module(rng)
    at = rng.randrange(len(text))
    edit = rng.choice(["delete", "insert", "replace", "cut"])
    junk = rng.choice("{}()[]%@!,=*\"#$;:x0 \n") if edit != "delete" else ""
    if edit == "cut":
        text = text[:at]
    else:
        text = text[:at] + junk + text[at + (edit != "insert"):]
    data = text.encode()
    if rng.random() < 0.3:
        return Case(seed, "syntax-error", ["-", *_output(rng)], stdin=data, may_be_valid=True)
    return Case(seed, "syntax-error", ["{dir}/in.ll", *_output(rng)], files={"in.ll": data},
                may_be_valid=True)


def _empty(seed, rng):
    data = rng.choice([b"", b" ", b"\n\n", b"\t \n"])
    return Case(seed, "empty", ["{dir}/in.ll", *_output(rng)], files={"in.ll": data},
                says="the input is empty")


USAGE = [["-O4"], ["-O"], ["-Ofast"], ["-O-1"], ["--emit", "bc"], ["--emit"], ["--emit", ""],
         ["-o"], ["--frobnicate"], ["-Z"], ["--emitt", "asm"], ["-S", "x.ll", "y.ll"],
         ["--print-request"], ["--mcpu"], ["--mattr"], ["--libdevice"], ["-Sx"]]


def _usage(seed, rng):
    bad = list(rng.choice(USAGE))
    if rng.random() < 0.3:
        bad = ["--" + "".join(rng.choices(string.ascii_lowercase + "-", k=rng.randint(2, 12)))]
    # an option that takes a value swallows what follows: keep the bad part last
    args = ["{dir}/in.ll", "-S", "-o", "{dir}/out.ll", *bad]
    return Case(seed, "usage", args, files={"in.ll": _module(rng).encode()}, status=2)


def _target_option(seed, rng):
    word = "".join(rng.choices(string.ascii_lowercase + string.digits, k=rng.randint(1, 10)))
    bad = rng.choice([["--mcpu", "bogus" + word], ["--mattr", "+bogus" + word],
                      ["--mattr", "+sse2,-nope" + word], ["--mattr", word]])
    kind = rng.choice([["-S"], ["--emit", "obj"], ["--emit", "asm"], ["-O2", "-S"]])
    return Case(seed, "target-option", ["{dir}/in.ll", *bad, *kind, "-o", "{dir}/out"],
                says=bad[0] + " ",
                files={"in.ll": ('target triple = "x86_64-pc-linux-gnu"\n' + _module(rng)
                                 .replace('target triple = "x86_64-pc-linux-gnu"\n', "")
                                 ).encode()})


def _source_code(seed, rng):
    suffix = rng.choice([".c", ".cpp", ".cu", ".cc", "-"])
    if suffix == "-":
        return Case(seed, "source-code", ["-", *_output(rng)], stdin=C_SOURCE.encode(),
                    says="looks like C or C++ source, not LLVM IR")
    name = _name(rng, suffix)
    return Case(seed, "source-code", ["{dir}/" + name, *_output(rng)],
                files={name: C_SOURCE.encode()}, says="source, not LLVM IR: make IR of it")


# --- running a case ---------------------------------------------------------------------

@dataclass
class Outcome:
    seed: int
    klass: str
    verdict: str          # refused | accepted | failed
    detail: str = ""
    command: str = ""


def is_valid_ir(data: bytes) -> bool:
    """LLVM's own answer: does the text or bitcode parse and verify?"""
    import llvmlite.binding as llvm
    if b"\0" in data and not data.startswith(b"BC\xc0\xde"):
        return False  # LLVM's C API would read the text up to it
    saved = os.dup(2)
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 2)  # LLVM's own warnings about the input: enzyme-opt's are what counts
    try:
        if data.startswith(b"BC\xc0\xde"):
            module = llvm.parse_bitcode(data, context=llvm.create_context())
        else:
            module = llvm.parse_assembly(data.decode(), context=llvm.create_context())
        module.verify()
    except (RuntimeError, UnicodeDecodeError):
        return False
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(quiet)
    return bool(data.strip())


def _snapshot(work: Path) -> list[str]:
    return sorted(str(p.relative_to(work)) for p in work.rglob("*"))


def run_case(case: Case, work: Path) -> Outcome:
    for name in case.directories:
        (work / name).mkdir(exist_ok=True)
    for name, data in case.files.items():
        (work / name).write_bytes(data)
    before = _snapshot(work)
    command = [*ENZYME_OPT, *case.command(str(work))]
    shown = " ".join(shlex.quote(c) for c in command)
    try:
        proc = subprocess.run(command, input=case.stdin, capture_output=True, timeout=TIMEOUT_S,
                              cwd=work)
    except subprocess.TimeoutExpired:
        return Outcome(case.seed, case.klass, "failed", f"timeout after {TIMEOUT_S} s", shown)
    err = proc.stderr.decode("utf-8", "replace")
    lines = [line for line in err.splitlines()      # LLVM's warnings about the input, as ours
             if not line.startswith("enzyme-opt: warning: ")]
    created = [p for p in _snapshot(work) if p not in before]
    problems = []
    valid = case.may_be_valid and is_valid_ir(case.stdin or case.files.get("in.ll", b""))
    if proc.returncode == 0 and valid:
        if lines:
            problems.append(f"exit 0 with stderr: {lines[:1]}")
        verdict = "accepted"
    else:
        verdict = "refused"
        expected = case.status if not valid else 1
        if proc.returncode != expected:
            problems.append(f"exit status {proc.returncode}, expected {expected}")
        if len(lines) != 1:
            problems.append(f"{len(lines)} lines on stderr")
        if not lines or not lines[0].startswith("enzyme-opt: error: "):
            problems.append("stderr does not start with 'enzyme-opt: error: '")
        if proc.stdout:
            problems.append(f"{len(proc.stdout)} bytes on stdout")
        if created:
            problems.append(f"created {', '.join(created)}")
        if case.says and case.says not in err:
            problems.append(f"the line does not say {case.says!r}")
    if "Traceback" in err:
        problems.append("a Python traceback")
    if problems:
        last = lines[-1] if lines else ""
        return Outcome(case.seed, case.klass, "failed", "; ".join(problems) + f" ({last[:200]})",
                       shown)
    return Outcome(case.seed, case.klass, verdict, lines[0] if lines else "", shown)


def check_seed(seed: int, keep: str | None = None) -> Outcome:
    case = make_case(seed)
    if keep:
        work = Path(keep)
        work.mkdir(parents=True, exist_ok=True)
        if case.stdin:
            (work / "stdin").write_bytes(case.stdin)   # kept for the rerun: … < stdin
        return run_case(case, work)
    with tempfile.TemporaryDirectory(prefix=f"badinput-{seed}-") as tmp:
        outcome = run_case(case, Path(tmp))
    outcome.command = outcome.command.replace(tmp, "$DIR")
    return outcome


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=110, help="number of runs")
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--seed", type=int, help="run this one seed only")
    ap.add_argument("--keep", help="with --seed: make the files in this directory and keep them")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--class", dest="classes", action="append", choices=CLASSES,
                    help="only runs of this class (repeatable): --count of them")
    ap.add_argument("--quiet", action="store_true", help="no progress marks")
    args = ap.parse_args(argv)
    wanted = [i for i, c in enumerate(CLASSES) if c in (args.classes or CLASSES)]
    seeds = [args.seed] if args.seed is not None else [
        s for s in range(args.start, args.start + args.count * len(CLASSES))
        if s % len(CLASSES) in wanted][:args.count]
    keep = args.keep if args.seed is not None else None
    outcomes = []
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for i, outcome in enumerate(pool.map(check_seed, seeds, [keep] * len(seeds))):
            outcomes.append(outcome)
            if not args.quiet:
                print("." if outcome.verdict != "failed" else "F", end="\n" if (i + 1) % 80 == 0
                      else "", flush=True)
    if not args.quiet:
        print()
    counts = collections.Counter((o.klass, o.verdict) for o in outcomes)
    for klass in CLASSES:
        row = {v: counts[klass, v] for v in ("refused", "accepted", "failed") if counts[klass, v]}
        if row:
            print(f"  {klass:16} " + ", ".join(f"{n} {v}" for v, n in row.items()))
    failed = [o for o in outcomes if o.verdict == "failed"]
    for o in failed:
        print(f"FAILED seed {o.seed} ({o.klass}): {o.detail}\n    {o.command}\n"
              f"    rerun: {Path(sys.argv[0]).name} --seed {o.seed} --keep DIR")
    print(f"badinput: {len(outcomes)} runs: " + ", ".join(
        f"{sum(o.verdict == v for o in outcomes)} {v}" for v in ("refused", "accepted", "failed")))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
