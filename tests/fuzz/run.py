"""Differential fuzzer: random C programs (gen.py) through clang-22 and enzyme-opt, each
checking its own derivatives against finite differences (fuzz_runtime.h). With --lang cpp,
random C++ programs (gen_cpp.py) through clang++-22 instead.

    .venv/bin/python tests/fuzz/run.py --count 2000 --levels O0,O2 --jobs 2
    .venv/bin/python tests/fuzz/run.py --lang cpp --count 500 --levels O0,O2 --jobs 2
    .venv/bin/python tests/fuzz/run.py --seed 1234 --levels O2 --keep /tmp/case --shrink
    .venv/bin/python tests/fuzz/run.py --source /tmp/case/shrunk-1234-O2.c --levels O2

Every (program, optimization level) run ends in one class:

  passed     every derivative the program checks matches its finite difference
  wrong      a derivative differs from a finite difference that two step sizes agree on
  refused    enzyme-opt exits 1 with one `enzyme-opt: error:` line (allowed: we said so), or
             the derivative program stopped itself with a line `enzyme-opt: …` (a value that
             carries a derivative written into constant data, docs/modes.md), and the
             conservative one the same way
  crashed    enzyme-opt or the derivative program died (traceback, signal, timeout), or
             enzyme-opt ran out of Python's recursion limit ("nests too deeply")
  invalid    enzyme-opt wrote IR that LLVM's verifier or clang rejects (also when enzyme-opt's
             own check of its output caught it: "the output: …", "internal error"), or whose
             debug information LLVM drops as invalid
  discarded  the finite differences disagree at every check (ill-conditioned: not our bug)
  reuse-differs  the conservative derivative (enzyme-opt --no-reuse: the reverse sweep takes
             every value from the tape) differs from the default one (more than 1e-12
             relative; 1e-5 for a float program at O1-O3), or only one of them could be
             built (the other refused)

Every program that enzyme-opt differentiates is built twice, by default and with --no-reuse,
and both binaries print every value their AD calls produced (FUZZ_PRINT_AD, fuzz_runtime.h):
the two printouts must agree, besides each agreeing with finite differences (--no-compare
skips the second build, for speed experiments only). A failure of the conservative build alone
is reported in its class with the detail starting "--no-reuse:".

`genfail` (clang rejects the generated program) is a bug of the generator. The exit status is
1 when any run is wrong, crashed, invalid, reuse-differs or genfail. For each such run the command that
regenerates it is printed, and with --shrink the program is reduced (shrink.py) and saved.
"""
from __future__ import annotations

import argparse
import collections
import math
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import gen  # noqa: E402  (tests/fuzz is not a package)
import gen_cpp  # noqa: E402

ROOT = HERE.parent.parent
ENZYME_OPT = [sys.executable, "-m", "enzyme_opt"]
BAD = ("wrong", "crashed", "invalid", "reuse-differs", "genfail")
# enzyme-opt's conservative mode: the reverse sweep re-reads and recomputes nothing, every value
# it needs comes from the tape. Every fuzzer compares its derivatives with the default ones.
CONSERVATIVE = ("--no-reuse",)
# A generated program that reads a variable before it is set is the generator's bug (undefined
# behaviour: its derivatives mean nothing): genfail, not a run.
GENERATED_FLAGS = ("-Werror=uninitialized", "-Werror=sometimes-uninitialized")
REUSE_REL = 1e-12          # default and conservative derivatives agree to this, relative
# ... except a float program compiled with optimization (O1-O3): there LLVM may fold a float libm
# call at compile time (through the host's double function, a last bit away from the run-time
# float one) in one build and not the other, once a derivative is inlined where its inputs are
# known (C++ seed 3174 at O2: the same IR from enzyme-opt, x[0] a bit apart after clang -O2; at
# -O0 and -O1 equal), and with -ffast-math reassociate them differently (C seed 3322's tangents)
REUSE_REL_FLOAT = 1e-5
# enzyme-opt verifies what it writes: when LLVM rejects it, the one-line error names "the output"
# or says "internal error". That is invalid IR caught in time, not a refusal.
OUR_OUTPUT_REJECTED = re.compile(r"enzyme-opt: error: (the output\b|.*internal error)")
# The command line turns a RecursionError into this line; on programs this small it is ours.
OUR_RECURSION_LIMIT = "the input nests too deeply to process"
CLASSES = ("passed", "wrong", "refused", "crashed", "invalid", "discarded", "reuse-differs",
           "genfail")
# the progress mark of each class (run_all): the initial, but X for reuse-differs
MARKS = {"passed": ".", "reuse-differs": "X"}
# --lang: (compiler for the program and for the derivative program, source suffix, generator)
LANGS = {"c": ("clang-22", ".c", gen), "cpp": ("clang++-22", ".cpp", gen_cpp)}


def generate(seed: int, lang: str = "c") -> gen.Program:
    return LANGS[lang][2].generate(seed)


@dataclass
class Outcome:
    seed: int
    level: str
    verdict: str
    detail: str = ""          # the refusal message, the crash's last line, the wrong checks
    # derivative values compared with finite differences, discarded, and compared between the
    # default and the conservative (--no-reuse) derivative
    checks: tuple[int, ...] = (0, 0, 0)
    lang: str = "c"

    def keep(self) -> str:
        return f"/tmp/fuzz-{self.seed}-{self.level}" + ("" if self.lang == "c" else f"-{self.lang}")

    def regen(self) -> str:
        lang = "" if self.lang == "c" else f"--lang {self.lang} "
        return (f".venv/bin/python tests/fuzz/run.py {lang}--seed {self.seed} --levels {self.level} "
                f"--keep {self.keep()} --shrink")


def _run(cmd: list[str], timeout: float, cwd: Path | None = None) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, -999, "", f"timeout after {timeout:.0f} s")


def add_global_shadow(ll: str) -> str:
    """Give @g_w the shadow @d_g_w, as Enzyme users do in IR (`!enzyme_shadow !{ptr @d}`)."""
    pattern = re.compile(r"^(@g_w = .*?)$", re.M)
    if not pattern.search(ll):
        return ll
    ll = pattern.sub(r"\1, !enzyme_shadow !9999", ll, count=1)
    return ll + "\n!9999 = !{ptr @d_g_w}\n"


def last_line(text: str) -> str:
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    return lines[-1][:300] if lines else ""


def level_options(level: str) -> list[str]:
    """A level's compiler options: ``O2`` is ``-O2``; ``O2+fast-math`` is ``-O2 -ffast-math``
    (each ``+name`` adds ``-fname``: vectorized ``llvm.vector.reduce.*`` everywhere), and
    ``+g`` adds ``-g`` (debug information, which the output must keep valid)."""
    base, *extras = level.split("+")
    return [f"-{base}", *("-g" if extra == "g" else f"-f{extra}" for extra in extras)]


def check_source(source: str, level: str, work: Path, cflags: tuple[str, ...] = (),
                 lang: str = "c", compare: bool = True,
                 sabotage: float = 0.0) -> tuple[str, str, tuple[int, int, int]]:
    """Compile, differentiate, verify, link and run one program: (verdict, detail, checks)
    where checks = (derivative values compared with finite differences, values discarded,
    values compared between the default and the conservative derivative). With ``compare``
    the program is differentiated a second time with enzyme-opt --no-reuse and both binaries'
    AD values must agree (``sabotage``: tests/unit/fuzz perturbs the conservative binary's first
    printed value by this relative amount, which must be caught)."""
    compiler, suffix, _ = LANGS[lang]
    src, ll = work / ("p" + suffix), work / "p.ll"
    src.write_text(source)
    level_flags = level_options(level)
    r = _run([compiler, *level_flags, *cflags, *GENERATED_FLAGS, "-S", "-emit-llvm", "-I",
              str(HERE), str(src), "-o", str(ll)], 120)
    if r.returncode != 0:
        return "genfail", last_line(r.stderr), (0, 0, 0)
    ll.write_text(add_global_shadow(ll.read_text()))
    failed = build_derivative(ll, work / "p.ad.ll", work / "p.bin", compiler, level_flags)
    if failed:
        return (*failed, (0, 0, 0))
    verdict, detail, checks, printed = run_binary(work / "p.bin", compare)
    if not compare or verdict == "crashed":
        return verdict, detail, (*checks, 0)
    if verdict == "refused":          # stopped when run: the conservative build must stop too
        return stopped_alike(detail, ll, work, compiler, level_flags)
    failed = build_derivative(ll, work / "p.nr.ll", work / "p.nr.bin", compiler, level_flags,
                              CONSERVATIVE)
    if failed:
        their_verdict, their_detail = failed
        if their_verdict == "refused":    # the default built: the comparison cannot be made
            their_verdict = "reuse-differs"
        if verdict == "wrong":
            return verdict, f"{detail} (--no-reuse: {their_verdict}: {their_detail})", (*checks, 0)
        return their_verdict, f"--no-reuse: {their_detail}", (*checks, 0)
    env = {"FUZZ_AD_SABOTAGE": repr(sabotage)} if sabotage else {}
    their_verdict, their_detail, _, their_printed = run_binary(work / "p.nr.bin", True, env)
    if their_verdict == "crashed":
        if verdict == "wrong":
            return verdict, f"{detail} (--no-reuse: crashed: {their_detail})", (*checks, 0)
        return "crashed", f"--no-reuse: {their_detail}", (*checks, 0)
    rel = REUSE_REL
    if not level.startswith("O0") and re.search(r"^typedef float real;", source, re.M):
        rel = REUSE_REL_FLOAT
    differences, compared = compare_printouts(printed, their_printed, rel)
    fd = f"finite differences: default {verdict}, --no-reuse {their_verdict}"
    if verdict == "wrong":   # the finite differences name the bug; say which build they blame
        same = "the same values" if not differences else f"{len(differences)} values differ"
        return verdict, f"{detail} (--no-reuse: {their_verdict}, {same})", (*checks, compared)
    if differences:
        shown = "; ".join(differences[:4])
        return ("reuse-differs", f"{len(differences)} of {max(compared, 1)} values differ ({fd}): "
                f"{shown}", (*checks, compared))
    return verdict, detail, (*checks, compared)


def stopped_alike(detail: str, ll: Path, work: Path, compiler: str,
                  level_flags: list[str]) -> tuple[str, str, tuple[int, int, int]]:
    """The default derivative stopped itself when run (``detail``): refused when the
    conservative one (--no-reuse) stops the same way, else what that is (reuse-differs when it
    ran to the end: one build lost a derivative the other kept)."""
    failed = build_derivative(ll, work / "p.nr.ll", work / "p.nr.bin", compiler, level_flags,
                              CONSERVATIVE)
    if failed:
        their_verdict, their_detail = failed
        if their_verdict == "refused":
            their_verdict = "reuse-differs"
        return their_verdict, f"--no-reuse: {their_detail} (default: {detail})", (0, 0, 0)
    their_verdict, their_detail, _, _ = run_binary(work / "p.nr.bin", False)
    if their_verdict == "refused" and their_detail == detail:
        return "refused", detail, (0, 0, 0)
    if their_verdict == "crashed":
        return "crashed", f"--no-reuse: {their_detail}", (0, 0, 0)
    return "reuse-differs", f"default {detail}; --no-reuse: {their_verdict} {their_detail}", \
        (0, 0, 0)


#: what LLVM says when it drops a module's broken debug information (exit status 0)
INVALID_DEBUG_INFO = "invalid debug info"


def build_derivative(ll: Path, out: Path, binary: Path, compiler: str, level_flags: list[str],
                     options: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """enzyme-opt (with ``options``), opt-22's verifier, clang: None when the binary was built,
    else (verdict, detail): refused, crashed or invalid."""
    if out.exists():
        out.unlink()
    r = _run(ENZYME_OPT + [str(ll), *options, "-S", "-o", str(out)], 300, cwd=ROOT)
    errors = [ln for ln in r.stderr.splitlines() if ln.strip()]
    if r.returncode == 1 and len(errors) == 1 and errors[0].startswith("enzyme-opt: error:") \
            and not out.exists():
        if OUR_OUTPUT_REJECTED.search(errors[0]):    # a clean message, but about our own IR
            return "invalid", errors[0]
        if OUR_RECURSION_LIMIT in errors[0]:          # Python's RecursionError, caught
            return "crashed", errors[0]
        return "refused", errors[0]
    if r.returncode != 0:
        return "crashed", f"enzyme-opt exit {r.returncode}: {last_line(r.stderr)}"
    if INVALID_DEBUG_INFO in r.stderr:   # LLVM drops it and goes on: still our IR's fault
        return "invalid", f"enzyme-opt: {INVALID_DEBUG_INFO}: {r.stderr.splitlines()[0][:200]}"
    r = _run(["opt-22", "-passes=verify", "-disable-output", str(out)], 120)
    if r.returncode != 0 or INVALID_DEBUG_INFO in r.stderr:
        return "invalid", last_line(r.stderr)
    r = _run([compiler, *level_flags, "-w", str(out), "-lm", "-o", str(binary)], 300)
    if r.returncode != 0:
        return "invalid", "clang: " + last_line(r.stderr)
    return None


def run_binary(binary: Path, print_ad: bool, env: dict[str, str] | None = None
               ) -> tuple[str, str, tuple[int, int], list[tuple[str, str]]]:
    """Run a derivative program: (verdict, detail, (checked, discarded), the AD values it
    printed as (label, hex float) pairs when ``print_ad``)."""
    environment = {**os.environ, "FUZZ_PRINT_AD": "1" if print_ad else "0", **(env or {})}
    try:
        r = subprocess.run([str(binary)], capture_output=True, text=True, timeout=20,
                           env=environment)
    except subprocess.TimeoutExpired:
        r = subprocess.CompletedProcess([str(binary)], -999, "", "timeout after 20 s")
    result = re.search(r"^FUZZ-RESULT (\w+) (\d+) (\d+)", r.stdout, re.M)
    stops = [ln for ln in r.stderr.splitlines() if ln.startswith("enzyme-opt: ")]
    if r.returncode != 0 and not result and stops:
        # the derivative stopped itself with enzyme-opt's reason (constant data given a value
        # that carries a derivative, docs/modes.md): no number came out, as with a refusal
        return "refused", f"stopped when run: {stops[0][:300]}", (0, 0), []
    if r.returncode != 0 or not result:
        return ("crashed", f"program exit {r.returncode}: {last_line(r.stderr or r.stdout)}",
                (0, 0), [])
    verdict = {"ok": "passed", "wrong": "wrong", "discard": "discarded"}[result.group(1)]
    wrong = [ln[len("FUZZ wrong "):] for ln in r.stdout.splitlines()
             if ln.startswith("FUZZ wrong")]
    printed = [tuple(ln.split()[1:3]) for ln in r.stdout.splitlines()
               if ln.startswith("FUZZ-AD ")]
    return (verdict, "; ".join(wrong[:4]), (int(result.group(2)), int(result.group(3))),
            printed)


def _value(text: str) -> float:
    try:
        return float.fromhex(text)
    except ValueError:
        return float(text)            # nan, -nan, inf, -inf


def same_value(a: float, b: float, rel: float = REUSE_REL) -> bool:
    """a and b agree to ``rel`` relative (both NaN, or the same infinity, agree too)."""
    if a == b or (math.isnan(a) and math.isnan(b)):
        return True
    if not (math.isfinite(a) and math.isfinite(b)):
        return False
    return abs(a - b) <= rel * max(abs(a), abs(b))


def compare_printouts(ours: list[tuple[str, str]], theirs: list[tuple[str, str]],
                      rel: float = REUSE_REL) -> tuple[list[str], int]:
    """The default build's AD values against the conservative build's: (the differences, each
    ``label default no-reuse``, the number of values compared). Both must print the same
    labels in the same order."""
    if [label for label, _ in ours] != [label for label, _ in theirs]:
        return [f"the two builds printed different values ({len(ours)} against "
                f"{len(theirs)} labels)"], max(len(ours), len(theirs))
    differences = []
    for (label, a), (_, b) in zip(ours, theirs):
        if not same_value(_value(a), _value(b), rel):
            differences.append(f"{label} {_value(a):.17g} {_value(b):.17g}")
    return differences, len(ours)


def run_one(job: tuple) -> Outcome:
    """job: (seed, level, keep, source), then optionally lang and compare (default "c", True:
    the conservative comparison runs)."""
    seed, level, keep, source, *rest = job
    lang = rest[0] if rest else "c"
    compare = rest[1] if len(rest) > 1 else True
    source = source or generate(seed, lang).source()
    if keep:
        work = Path(keep)
        work.mkdir(parents=True, exist_ok=True)
        result = check_source(source, level, work, lang=lang, compare=compare)
    else:
        with tempfile.TemporaryDirectory(prefix=f"fuzz{seed}") as tmp:
            result = check_source(source, level, Path(tmp), lang=lang, compare=compare)
    return Outcome(seed, level, *result, lang=lang)


def normalize(message: str) -> str:
    """A refusal reason without its location and names, for grouping."""
    text = re.sub(r"^enzyme-opt: error: ", "", message)
    text = re.sub(r"^[^ ]+:\d+(:\d+)?: ", "", text)
    text = re.sub(r"`[^`]*`", "`…`", text)
    return re.sub(r"\d+", "N", text)[:160]


def class_table(outcomes: list, levels: list[str]) -> None:
    """The count of each class at each level."""
    print("level  " + "  ".join(f"{c:>9}" for c in CLASSES))
    for level in levels:
        counts = collections.Counter(o.verdict for o in outcomes if o.level == level)
        print(f"{level:5}  " + "  ".join(f"{counts[c]:>{max(9, len(c))}}" for c in CLASSES))


def summarize(outcomes: list[Outcome], levels: list[str]) -> int:
    print()
    class_table(outcomes, levels)
    refusals: dict[str, list[Outcome]] = collections.defaultdict(list)
    for o in outcomes:
        if o.verdict == "refused":
            refusals[normalize(o.detail)].append(o)
    if refusals:
        print("\nrefusal reasons (with up to 5 of the runs):")
        for reason, runs in sorted(refusals.items(), key=lambda item: -len(item[1])):
            examples = ", ".join(f"{o.seed} {o.level}" for o in runs[:5])
            print(f"  {len(runs):5}  {reason}  [{examples}]")
    bad = [o for o in outcomes if o.verdict in BAD]
    if bad:
        print("\nfailures (regenerate with the command shown):")
        for o in bad:
            print(f"  {o.verdict:8} seed {o.seed} {o.level}: {o.detail}\n           {o.regen()}")
    compared, discarded, reused = (sum(o.checks[k] for o in outcomes if len(o.checks) > k)
                                   for k in (0, 1, 2))
    print(f"\nderivative values: {compared} compared with finite differences, {discarded} "
          f"discarded (finite differences disagree: a kink or threshold within reach); "
          f"{reused} AD values compared with enzyme-opt --no-reuse's")
    total = len(outcomes)
    print(f"\nfuzz: {total} runs ({total // max(1, len(levels))} programs x {len(levels)} levels): "
          + ", ".join(f"{sum(o.verdict == c for o in outcomes)} {c}" for c in CLASSES))
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=50, help="number of programs")
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--seed", type=int, help="run this one seed only")
    ap.add_argument("--levels", default="O0,O2",
                    help="comma-separated: O0,O1,O2,O3; O2+fast-math adds -ffast-math")
    ap.add_argument("--lang", choices=sorted(LANGS), default="c",
                    help="c: gen.py programs (clang-22); cpp: gen_cpp.py programs (clang++-22)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--source", help="run this saved program (a shrunk one) instead")
    ap.add_argument("--keep", help="with --seed/--source: keep the program and its files here")
    ap.add_argument("--shrink", action="store_true", help="reduce every failing program")
    ap.add_argument("--quiet", action="store_true", help="no progress dots")
    ap.add_argument("--shapes", action="store_true",
                    help="only the programs that have gen_pointers.py's shapes (constant data "
                         "in shadow memory, calls through function pointers, virtual calls): "
                         "--count of them, the first seeds from --start that have one")
    ap.add_argument("--no-compare", action="store_true",
                    help="skip the conservative build (enzyme-opt --no-reuse) and its comparison "
                         "(speed experiments only: it is what catches an optimization that "
                         "changes a number)")
    args = ap.parse_args(argv)
    levels = args.levels.split(",")
    single = args.seed is not None or args.source
    seeds = [args.seed or 0] if single else range(args.start, args.start + args.count)
    if args.shapes and not single:
        seeds = with_shapes(args.start, args.count, args.lang)
    keep = args.keep if single else None
    source = read_source(args.source) if args.source else None
    jobs = [(s, lvl, f"{keep}/{lvl}" if keep else None, source, args.lang, not args.no_compare)
            for s in seeds for lvl in levels]
    outcomes = run_all(run_one, jobs, args.jobs, args.quiet)
    status = summarize(outcomes, levels)
    if args.shrink and not args.source:
        import shrink
        for o in outcomes:
            if o.verdict in BAD:
                shrink.shrink_and_save(o.seed, o.level, o.verdict, Path(
                    args.keep or o.keep()), lang=args.lang, detail=o.detail)
    return status


def with_shapes(start: int, count: int, lang: str) -> list[int]:
    """The first ``count`` seeds from ``start`` whose programs have gen_pointers.py's shapes."""
    seeds: list[int] = []
    seed = start
    while len(seeds) < count:
        if generate(seed, lang).shapes:
            seeds.append(seed)
        seed += 1
    return seeds


def read_source(path: str) -> str:
    """The program of ``--source``; a file that cannot be read ends the run
    with one line naming it (exit 1), not a traceback."""
    try:
        return Path(path).read_text()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not a text file"
        sys.exit(f"{Path(sys.argv[0]).name}: error: --source {path}: cannot read it: {reason}")


def add_sibling_arguments(ap, levels: str) -> None:
    """The options the sibling fuzzers (checkpoint.py, openmp.py) share with each other."""
    ap.add_argument("--count", type=int, default=50, help="number of programs")
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--seed", type=int, help="run this one seed only")
    ap.add_argument("--levels", default=levels, help="comma-separated: O0,O1,O2,O3")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--source", help="run this saved program instead")
    ap.add_argument("--keep", help="with --seed/--source: keep the program and its files here")
    ap.add_argument("--print", action="store_true", help="print the program of --seed and stop")
    ap.add_argument("--quiet", action="store_true", help="no progress marks")


def sibling_jobs(args) -> tuple[list[str], list[tuple]]:
    """The levels and the jobs ``(seed, level, keep, source, compare)`` the sibling
    fuzzers' options ask for: one seed (``--seed``) or saved program (``--source``),
    kept in ``--keep/<level>`` when given, else ``--count`` seeds from ``--start``."""
    levels = args.levels.split(",")
    single = args.seed is not None or args.source
    seeds = [args.seed or 0] if single else range(args.start, args.start + args.count)
    source = read_source(args.source) if args.source else None
    return levels, [(s, lvl, f"{args.keep}/{lvl}" if args.keep and single else None, source,
                     not args.no_compare) for s in seeds for lvl in levels]


def save_failing(outcome, source: str, directory: Path, stem: str, this: str) -> Path:
    """Write a failing program to ``directory/<stem>-<seed>-<level>.c`` under a header
    naming the failure and the command that reruns it."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{stem}-{outcome.seed}-{outcome.level}.c"
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    path.write_text(f"/* FAILED ({outcome.verdict}) at -{outcome.level}: {outcome.detail[:400]}\n"
                    f" * rerun: .venv/bin/python {this} --source {shown} --levels "
                    f"{outcome.level} */\n" + source)
    return path


def run_all(run_one, jobs: list, workers: int, quiet: bool) -> list:
    """``run_one`` over ``jobs`` in a pool of ``workers``, a progress mark per outcome
    (``.`` passed, else the verdict's initial) unless ``quiet``; the outcomes by seed and
    level."""
    outcomes = []
    with multiprocessing.Pool(max(1, workers)) as pool:
        for i, outcome in enumerate(pool.imap_unordered(run_one, jobs, chunksize=1)):
            outcomes.append(outcome)
            if not quiet:
                mark = MARKS.get(outcome.verdict, outcome.verdict[0].upper())
                print(mark, end="\n" if (i + 1) % 80 == 0 else "", flush=True)
    outcomes.sort(key=lambda o: (o.seed, o.level))
    return outcomes


if __name__ == "__main__":
    sys.exit(main())
