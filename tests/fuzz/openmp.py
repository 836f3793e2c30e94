"""Differential fuzzer for OpenMP: random C programs with parallel loops, differentiated by
enzyme-opt in reverse and forward mode, checked against finite differences, against the same
program built without -fopenmp (serial) and against enzyme-opt --no-reuse.

    .venv/bin/python tests/fuzz/openmp.py --count 40 --levels O0,O1,O2,O3 --jobs 1
    .venv/bin/python tests/fuzz/openmp.py --seed 17 --levels O2 --keep /tmp/omp17
    .venv/bin/python tests/fuzz/openmp.py --seed 17 --print
    .venv/bin/python tests/fuzz/openmp.py --source tests/fuzz/found-open/omp-F.c --levels O2

Every program (seeded, reproducible) defines

    double target(double *x, double *out, int n, double a)

over arrays of NX doubles (16..64: both threads of the team get work) with one to three
parallel constructs, serial code between them, and a return combining their results:

    construct              what its body has (a random selection, at least one result)
    parallel for           reduction(+) or reduction(*) on a scalar, private temporaries
                           declared in the body, a private(pv) clause, firstprivate(f) of a
                           scalar set before, out[i] written (its own element only), x[i]
                           updated in place, reads of neighbours x[(i+1)%n], x[n-1-i], ...,
                           a critical section adding to a shared scalar, schedule(static[, c])
    parallel { omp for }   the same loop inside a region, its reduction on the for or on the
                           region, a per-thread partial added to a shared scalar in a critical
                           section after the loop (its implicit barrier)

Race freedom is a rule of the generator: in a loop that writes an array, that array is read
only at [i]; firstprivate copies are only read; critical sections only add (a sum's order is
the only thing the team changes). tests/fuzz/openmp_runtime.h then checks the reverse gradient
and two forward tangents against central finite differences, and prints every value exactly.

Each (program, level) is built three ways with clang-22 and enzyme-opt (run.py's
build_derivative: enzyme-opt, opt-22 -passes=verify, clang-22) and run with OMP_NUM_THREADS=2:

    build        compile                                   enzyme-opt      compared with
    default      clang-22 -fopenmp -O<l>                   (default)       finite differences
    conservative clang-22 -fopenmp -O<l>                   --no-reuse      default, 1e-12 rel.
    serial       clang-22 -O<l> -Wno-unknown-pragmas       (default)       default, 1e-10 rel.

The classes are run.py's, plus ``serial-differs`` (a printed value of the OpenMP build differs
from the serial build's, or only one of them built). Relative differences are taken against
max(|a|, |b|, 1): the team's reductions, critical sections and atomic adjoint updates add in
an order of the runtime's choosing, so values near zero differ by rounding. Failing programs
are saved under tests/fuzz/found-open/ (--save) with a header naming the failure.
"""
from __future__ import annotations

import argparse
import collections
import random
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import run  # noqa: E402  (tests/fuzz is not a package)

THIS = "tests/fuzz/openmp.py"
SAVE = HERE / "found-open"
LEVELS = "O0,O1,O2,O3"
LIBOMP = Path("/usr/lib/llvm-22/lib/libomp.so")
SIZES = [16, 17, 20, 23, 29, 32, 40, 47, 64]
THREADS = {"OMP_NUM_THREADS": "2"}
CLASSES = run.CLASSES + ("serial-differs",)
BAD = run.BAD + ("serial-differs",)
SERIAL_REL = 1e-10           # the OpenMP build against the serial one: sums reassociate
REUSE_REL = run.REUSE_REL    # default against --no-reuse, both with two threads
# How the three builds of a level differ: (compiler options beside -O<l>, enzyme-opt options).
BUILDS = {"default": (("-fopenmp",), ()),
          "conservative": (("-fopenmp",), run.CONSERVATIVE),
          "serial": (("-Wno-unknown-pragmas",), ())}

# Smooth, bounded shapes of one or two expressions (A, B): what the loop bodies are made of.
UNARY = ["sin({A})", "cos({A})", "tanh({A})", "exp(0.3 * sin({A}))", "log1p({A} * {A})",
         "atan({A})", "sqrt(1.0 + {A} * {A})", "{A} * {A}", "0.5 * {A}"]
BINARY = ["({A} + {B})", "({A} * {B})", "({A} - 0.5 * {B})", "{A} / (1.0 + {B} * {B})",
          "sin({A} * {B})", "tanh({A} + 0.3 * {B})"]
# Neighbours of element i that a loop may read where nobody writes that array.
NEIGHBOURS = ["(i + 1) % n", "(i + n - 1) % n", "n - 1 - i", "(i + 3) % n", "(i * 5) % n"]


@dataclass
class Program:
    seed: int
    nx: int
    body: list[str]          # target's body, indented

    def source(self) -> str:
        head = [f"/* enzyme-opt OpenMP fuzz program, seed {self.seed} ({THIS}) */",
                f"#define NX {self.nx}", '#include "openmp_runtime.h"', "",
                "double target(double *x, double *out, int n, double a) {"]
        return "\n".join(head + self.body + ["}"]) + "\n"


@dataclass
class Loop:
    """What one worksharing loop's body may read: arrays written in it only at [i]."""
    writes_out: bool
    writes_x: bool
    scalars: list[str]       # names readable in the body (shared, firstprivate, temporaries)


class Generator:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.seed = seed
        self.nx = self.rng.choice(SIZES)
        self.names = collections.Counter()
        self.lines: list[str] = []
        self.shared = ["a"]            # serial scalars readable anywhere after they are set
        self.results: list[str] = []   # reduction and critical scalars, for the return

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def fresh(self, stem: str) -> str:
        self.names[stem] += 1
        return f"{stem}{self.names[stem] - 1}"

    def emit(self, depth: int, text: str) -> None:
        self.lines.append("  " * depth + text)

    # ---- expressions ------------------------------------------------------------------

    def leaf(self, loop: Loop | None) -> str:
        """An array element (own or a neighbour's, where the rules allow), a scalar, a
        constant."""
        choices = ["scalar", "const"]
        if loop is not None:
            choices += ["x_own"] * 3 + ["out_own"] + ["x_nb"] * (0 if loop.writes_x else 2) \
                + ["out_nb"] * (0 if loop.writes_out else 1)
        kind = self.rng.choice(choices)
        if kind == "x_own":
            return "x[i]"
        if kind == "out_own":
            return "out[i]"
        if kind in ("x_nb", "out_nb"):
            return f"{kind[:-3]}[{self.rng.choice(NEIGHBOURS)}]"
        if kind == "scalar":
            return self.rng.choice((loop.scalars if loop else []) + self.shared)
        return self.rng.choice(["0.3", "0.7", "-0.4", "1.5", "(0.01 * i)" if loop else "0.2"])

    def expr(self, loop: Loop | None, depth: int = 2) -> str:
        if depth == 0 or self.chance(0.2):
            return self.leaf(loop)
        if self.chance(0.5):
            return self.rng.choice(UNARY).format(A=self.expr(loop, depth - 1))
        return self.rng.choice(BINARY).format(A=self.expr(loop, depth - 1),
                                              B=self.expr(loop, depth - 1))

    def bounded(self, loop: Loop | None, extra: list[str] = ()) -> str:
        """An expression of size about 1 whatever its leaves (a sum of 64 of them, scaled by
        1/16, keeps tanh and sin away from saturation); ``extra`` names are added in, so that
        every temporary and firstprivate copy is used."""
        inner = self.expr(loop) + "".join(f" + 0.5 * {name}" for name in extra)
        return self.rng.choice(["sin", "tanh", "atan"]) + f"({inner})"

    # ---- one loop body ----------------------------------------------------------------

    def body(self, depth: int, loop: Loop, reductions: list[tuple[str, str]],
             criticals: list[str], partial: str | None) -> None:
        """The statements of one iteration; ``reductions`` are (operator, name)."""
        if "pv" in loop.scalars:                       # private(pv): set before it is read
            loop.scalars.remove("pv")
            self.emit(depth, f"pv = {self.bounded(loop)};")
            loop.scalars.append("pv")
        for _ in range(self.rng.randint(1, 2)):        # private temporaries
            t = self.fresh("t")
            self.emit(depth, f"double {t} = {self.expr(loop)};")
            loop.scalars.append(t)
        statements = []                                # (format, critical section name)
        if loop.writes_out:
            statements.append((self.rng.choice(["out[i] = {E};",
                                                "out[i] = 0.5 * out[i] + 0.5 * {E};"]), None))
        if loop.writes_x:
            statements.append(("x[i] = x[i] + 0.2 * {E};", None))
        for op, s in reductions:
            statements.append((f"{s} += 0.0625 * {{E}};" if op == "+" else
                               f"{s} *= 1.0 + 0.01 * {{E}};", None))
        if partial:
            statements.append((f"{partial} += 0.0625 * {{E}};", None))
        for c in criticals:
            statements.append((f"{c} += 0.0625 * {{E}};", self.rng.choice(["", "", " (acc)"])))
        self.rng.shuffle(statements)
        extra = list(loop.scalars)                     # all used by the first statement
        for text, critical in statements:
            if critical is not None:
                self.emit(depth, f"#pragma omp critical{critical}")
            self.emit(depth, text.format(E=self.bounded(loop, extra)))
            extra = []

    def new_loop(self) -> Loop:
        writes_out, writes_x = self.chance(0.6), self.chance(0.25)
        return Loop(writes_out, writes_x, [])

    def clauses(self, loop: Loop, worksharing: bool) -> str:
        """firstprivate(f) of a serial scalar, private(pv), a static schedule."""
        text = ""
        if self.chance(0.5):
            f = self.fresh("f")
            self.emit(1, f"double {f} = {self.rng.choice(['0.5 * a + 0.1', 'sin(a)', '0.3'])};")
            self.shared.append(f)
            loop.scalars.append(f)
            text += f" firstprivate({f})"
        if worksharing and self.chance(0.3):
            text += " private(pv)"
            loop.scalars.append("pv")
        if worksharing and self.chance(0.35):
            text += self.rng.choice([" schedule(static)", " schedule(static, 4)",
                                     " schedule(static, 3)"])
        return text

    def reductions(self) -> list[tuple[str, str]]:
        count = self.rng.choice([0, 1, 1, 1, 2])
        found = []
        for _ in range(count):
            op = "*" if self.chance(0.2) else "+"
            s = self.fresh("p" if op == "*" else "s")
            self.emit(1, f"double {s} = {'1.0' if op == '*' else '0.0'};")
            found.append((op, s))
            self.results.append(s)
        return found

    def criticals(self) -> list[str]:
        found = []
        if self.chance(0.35):
            c = self.fresh("c")
            self.emit(1, f"double {c} = 0.0;")
            found.append(c)
            self.results.append(c)
        return found

    @staticmethod
    def reduction_clause(reductions: list[tuple[str, str]]) -> str:
        return "".join(f" reduction({op} : {s})" for op, s in reductions)

    # ---- constructs -------------------------------------------------------------------

    def parallel_for(self) -> None:
        loop = self.new_loop()
        reductions, criticals = self.reductions(), self.criticals()
        if not (reductions or criticals or loop.writes_out or loop.writes_x):
            loop.writes_out = True                     # every loop leaves a result
        clauses = self.clauses(loop, True) + self.reduction_clause(reductions)
        self.emit(1, f"#pragma omp parallel for{clauses}")
        self.emit(1, "for (int i = 0; i < n; i++) {")
        self.body(2, loop, reductions, criticals, None)
        self.emit(1, "}")

    def parallel_region(self) -> None:
        loop = self.new_loop()
        reductions = self.reductions() or [("+", self.fresh("s"))]
        if len(reductions) == 1 and reductions[0][1] not in self.results:
            self.emit(1, f"double {reductions[0][1]} = 0.0;")
            self.results.append(reductions[0][1])
        criticals = self.criticals()
        partial_to = None
        if self.chance(0.6):                           # a per-thread partial, combined after
            partial_to = self.fresh("c")
            self.emit(1, f"double {partial_to} = 0.0;")
            self.results.append(partial_to)
        on_region = self.chance(0.4)
        region_clauses = self.clauses(loop, False)
        for_clauses = self.clauses(loop, True)
        if on_region:
            region_clauses += self.reduction_clause(reductions)
        else:
            for_clauses += self.reduction_clause(reductions)
        self.emit(1, f"#pragma omp parallel{region_clauses}")
        self.emit(1, "{")
        partial = None
        if partial_to:
            partial = self.fresh("loc")
            self.emit(2, f"double {partial} = 0.0;")
        self.emit(2, f"#pragma omp for{for_clauses}")
        self.emit(2, "for (int i = 0; i < n; i++) {")
        self.body(3, loop, reductions, criticals, partial)
        self.emit(2, "}")
        if partial_to:
            self.emit(2, "#pragma omp critical")
            self.emit(2, f"{partial_to} += {self.rng.choice(['', '0.5 * ', '-0.75 * '])}{partial};")
        self.emit(1, "}")

    def serial(self) -> None:
        """Code between the parallel constructs: a scalar from their results (read by the
        next ones), sometimes a serial write of out."""
        if not self.results:
            return
        m = self.fresh("m")
        terms = " + ".join(f"{self.rng.choice(['0.5', '-0.3', '0.2'])} * {r}"
                           for r in self.rng.sample(self.results, min(2, len(self.results))))
        self.emit(1, f"double {m} = {self.rng.choice(['tanh', 'sin', 'atan'])}({terms} + 0.1 * a);")
        self.shared.append(m)
        if self.chance(0.3):
            self.emit(1, f"out[{self.rng.randrange(self.nx)}] += 0.25 * {m};")
        if self.chance(0.25):
            self.emit(1, "for (int i = 0; i < n; i++)")
            self.emit(2, f"out[i] = out[i] * (1.0 + 0.05 * {m});")

    def program(self) -> Program:
        count = self.rng.choice([1, 2, 2, 3, 3])
        kinds = [self.rng.choice(["for", "for", "region"]) for _ in range(count)]
        if "region" not in kinds and self.chance(0.5):
            kinds[self.rng.randrange(count)] = "region"
        for k, kind in enumerate(kinds):
            if k:
                self.serial()
            self.parallel_for() if kind == "for" else self.parallel_region()
        terms = [f"{self.rng.choice(['1.0', '0.5', '-0.7', '1.3'])} * {r}" for r in self.results]
        terms += [f"0.2 * {m}" for m in self.shared if m.startswith("m")]
        self.emit(1, f"return {' + '.join(terms) or '0.0'};")
        body = self.lines
        if any("private(pv)" in ln for ln in body):
            body.insert(0, "  double pv = 0.0;")     # the private clause's shared original
        return Program(self.seed, self.nx, body)


def generate(seed: int) -> Program:
    return Generator(seed).program()


# ---- running ---------------------------------------------------------------------------------

@dataclass
class Outcome(run.Outcome):
    def regen(self) -> str:
        return (f".venv/bin/python {THIS} --seed {self.seed} --levels {self.level} "
                f"--keep /tmp/omp-{self.seed}-{self.level}")


def compile_ir(src: Path, ll: Path, level: str, options: tuple[str, ...]) -> str | None:
    """clang-22 to IR: None, or clang's last line (the generator's bug: genfail)."""
    r = run._run(["clang-22", f"-{level}", *options, *run.GENERATED_FLAGS, "-S", "-emit-llvm",
                  "-I", str(HERE), str(src), "-o", str(ll)], 120)
    return None if r.returncode == 0 else run.last_line(r.stderr)


def build_and_run(source: str, level: str, work: Path, build: str, sabotage: float = 0.0):
    """One build of the program (BUILDS) run with two threads: (verdict, detail, checks,
    printed values); verdicts as run.py's, genfail when clang rejects the program."""
    flags, options = BUILDS[build]
    src, ll = work / f"{build}.c", work / f"{build}.ll"
    src.write_text(source)
    failed = compile_ir(src, ll, level, flags)
    if failed:
        return "genfail", failed, (0, 0), []
    failed = run.build_derivative(ll, work / f"{build}.ad.ll", work / f"{build}.bin", "clang-22",
                                  [f"-{level}", *flags], options)
    if failed:
        return (*failed, (0, 0), [])
    env = {**THREADS, **({"FUZZ_AD_SABOTAGE": repr(sabotage)} if sabotage else {})}
    return run.run_binary(work / f"{build}.bin", True, env)


def close(a: float, b: float, rel: float) -> bool:
    """a and b agree to ``rel`` relative to max(|a|, |b|, 1) (NaNs and infinities as run.py)."""
    if run.same_value(a, b, rel):
        return True
    return all(map(lambda v: v == v and abs(v) != float("inf"), (a, b))) and \
        abs(a - b) <= rel * max(abs(a), abs(b), 1.0)


def differences(ours: list, theirs: list, rel: float) -> list[str]:
    """Printed values (label, hex) of two builds that disagree, each ``label ours theirs``."""
    if [label for label, _ in ours] != [label for label, _ in theirs]:
        return [f"the builds printed different values ({len(ours)} against {len(theirs)})"]
    found = []
    for (label, a), (_, b) in zip(ours, theirs):
        x, y = run._value(a), run._value(b)
        if not close(x, y, rel):
            found.append(f"{label} {x:.17g} {y:.17g}")
    return found


def compare(name: str, verdict: str, printed: list, other: tuple, rel: float,
            differs: str) -> tuple[str, str] | None:
    """The default build's values against another build's: None when they agree, else the
    class (``differs``, or the other build's own crash or invalid IR) and a detail."""
    their_verdict, their_detail, _, their_printed = other
    if their_verdict in ("crashed", "invalid"):
        return their_verdict, f"{name}: {their_detail}"
    if their_verdict in ("refused", "genfail"):
        return differs, f"{name} {their_verdict}: {their_detail}"
    found = differences(printed, their_printed, rel)
    if found:
        return differs, (f"{len(found)} of {len(printed)} values differ from the {name} build "
                         f"(finite differences: default {verdict}, {name} {their_verdict}): "
                         + "; ".join(found[:4]))
    return None


def check_program(source: str, level: str, work: Path, serial: bool = True,
                  conservative: bool = True, sabotage: dict | None = None
                  ) -> tuple[str, str, tuple[int, int, int]]:
    """(verdict, detail, checks) of one program at one level: the default build against
    finite differences, then against the conservative and the serial build (``sabotage``:
    {build: r}, tests/unit/fuzz perturbs that build's first value, which must be caught)."""
    sabotage = sabotage or {}
    verdict, detail, checks, printed = build_and_run(source, level, work, "default")
    if verdict not in ("passed", "wrong", "discarded"):
        return verdict, detail, (*checks, 0)
    found, compared = [], 0
    for name, wanted, rel, differs in (("conservative", conservative, REUSE_REL, "reuse-differs"),
                                       ("serial", serial, SERIAL_REL, "serial-differs")):
        if not wanted:
            continue
        other = build_and_run(source, level, work, name, sabotage.get(name, 0.0))
        compared += len(printed)
        failure = compare(name, verdict, printed, other, rel, differs)
        if failure:
            found.append(failure)
    if verdict == "wrong":
        also = "; ".join(f"{v}: {d[:120]}" for v, d in found)
        return verdict, detail + (f" ({also})" if also else ""), (*checks, compared)
    for rank in ("crashed", "invalid", "serial-differs", "reuse-differs"):
        for v, d in found:
            if v == rank:
                return v, d, (*checks, compared)
    return verdict, detail, (*checks, compared)


def run_one(job: tuple) -> Outcome:
    """job: (seed, level, keep, source[, compare]): one program at one level (compare: also
    the conservative and the serial build, the default)."""
    seed, level, keep, source, *rest = job
    compare_too = rest[0] if rest else True
    source = source or generate(seed).source()
    if keep:
        work = Path(keep)
        work.mkdir(parents=True, exist_ok=True)
        result = check_program(source, level, work, compare_too, compare_too)
    else:
        with tempfile.TemporaryDirectory(prefix=f"omp{seed}") as tmp:
            result = check_program(source, level, Path(tmp), compare_too, compare_too)
    return Outcome(seed, level, *result)


# ---- the summary -------------------------------------------------------------------------

def class_table(outcomes: list[Outcome], levels: list[str]) -> None:
    print("level  " + "  ".join(f"{c:>9}" for c in CLASSES))
    for level in levels:
        counts = collections.Counter(o.verdict for o in outcomes if o.level == level)
        print(f"{level:5}  " + "  ".join(f"{counts[c]:>{max(9, len(c))}}" for c in CLASSES))


def summary_line(outcomes: list[Outcome], levels: list[str]) -> str:
    count = collections.Counter(o.verdict for o in outcomes)
    failed = sum(count[c] for c in BAD)
    programs = len({o.seed for o in outcomes})
    line = (f"openmp fuzz: {programs} programs x {len(levels)} levels: "
            f"{count['passed']} passed, {failed} failed, {count['refused']} refused")
    return line + (f" ({count['discarded']} discarded)" if count["discarded"] else "")


def summarize(outcomes: list[Outcome], levels: list[str]) -> int:
    print()
    class_table(outcomes, levels)
    for o in outcomes:
        if o.verdict in BAD or o.verdict == "refused":
            print(f"  {o.verdict:8} seed {o.seed} {o.level}: {o.detail[:300]}\n"
                  f"           {o.regen()}")
    compared, discarded, other = (sum(o.checks[k] for o in outcomes) for k in (0, 1, 2))
    print(f"\nchecks: {compared} made, {discarded} finite differences discarded; {other} "
          f"values compared with the conservative and serial builds'")
    print(summary_line(outcomes, levels))
    return 1 if any(o.verdict in BAD for o in outcomes) else 0


def save(o: Outcome, source: str, directory: Path) -> Path:
    return run.save_failing(o, source, directory, "omp", THIS)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    run.add_sibling_arguments(ap, LEVELS)
    ap.add_argument("--save", default="", help="save failing programs in this folder "
                    f"(e.g. {SAVE.relative_to(run.ROOT)}); none by default")
    ap.add_argument("--no-compare", action="store_true",
                    help="skip the conservative and serial builds (speed experiments only)")
    ap.add_argument("--threads", type=int, default=2,
                    help="OMP_NUM_THREADS of every run (3: chunks of unequal length)")
    args = ap.parse_args(argv)
    THREADS["OMP_NUM_THREADS"] = str(args.threads)  # the pool forks: its workers see it
    if args.print:
        print(generate(args.seed or 0).source(), end="")
        return 0
    if not LIBOMP.exists():
        sys.exit(f"openmp.py: error: no OpenMP runtime ({LIBOMP}): `make toolchain` installs it")
    levels, jobs = run.sibling_jobs(args)
    outcomes = run.run_all(run_one, jobs, args.jobs, args.quiet)
    status = summarize(outcomes, levels)
    if args.save and not args.source:
        for o in outcomes:
            if o.verdict in BAD:
                print(f"saved seed {o.seed} {o.level}: "
                      f"{save(o, generate(o.seed).source(), Path(args.save))}")
    return status


if __name__ == "__main__":
    sys.exit(main())
