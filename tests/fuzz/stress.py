"""Robustness of enzyme-opt on arbitrary valid IR (issue 9, item 4).

For seeds S = start .. start+count-1 this generates a random module with
``llvm-stress-22 -seed=S -size=K`` (K varies with S between ``--min-size``
and ``--max-size``; every fourth seed adds ``--enable-scalable-vectors``)
and runs enzyme-opt on each of its variants (``stress_variants.py``): the module as it is; with a caller of
``__enzyme_autodiff`` / ``__enzyme_fwddiff`` on ``@autogen_SD<S>`` appended;
and the same after every float value is stored somewhere (so that the float
code survives preprocessing and is differentiated).

Each run is classified:

* ``ok``       exit 0 and the output passes ``opt-22 -passes=verify``;
* ``refused``  exit 1, exactly one ``enzyme-opt: error:`` line, no output file;
* ``crashed``  anything else: a traceback, another exit status, a signal, a
               timeout, or exit 1 with a malformed diagnostic or an output file;
* ``invalid``  exit 0 but the output fails the verifier, or exit 1 because
               enzyme-opt's own check of its output failed (``the output: …``,
               ``internal error``): a bug, not a refusal.

The summary gives counts per variant and class, the refusal reasons grouped
(names and numbers normalized away), and for every crash or invalid output
the commands that regenerate it.  Exit status 1 when any run crashed or was
invalid.

    .venv/bin/python tests/fuzz/stress.py --count 1000 [--start S] [--keep DIR] [--jobs N]

The environment variable ``ENZYME_OPT`` names the enzyme-opt command to test
(default: ``.venv/bin/enzyme-opt``).
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from stress_variants import VARIANTS, make

ROOT = Path(__file__).resolve().parents[2]
ENZYME_OPT = os.environ.get("ENZYME_OPT") or (
    str(ROOT / ".venv" / "bin" / "enzyme-opt") if (ROOT / ".venv" / "bin" / "enzyme-opt").exists()
    else shutil.which("enzyme-opt") or "enzyme-opt")
STRESS = "llvm-stress-22"
VERIFY = ["opt-22", "-passes=verify", "-disable-output"]
TIMEOUT_S = 60
CLASSES = ("ok", "refused", "crashed", "invalid")
PREFIX = "enzyme-opt: error: "
OWN_OUTPUT = PREFIX + "the output: "     # LLVM rejected the IR enzyme-opt generated


@dataclasses.dataclass
class Result:
    """One enzyme-opt run on one module variant."""
    seed: int
    size: int
    variant: str
    klass: str
    detail: str = ""      # the diagnostic (refused) or what went wrong (crashed/invalid)


def size_for(seed: int, min_size: int, max_size: int) -> int:
    """The ``-size`` of a seed: spread over [min_size, max_size], deterministic."""
    span = max_size - min_size + 1
    return min_size + (seed * 37) % span


def scalable_for(seed: int, mode: str) -> bool:
    """Whether a seed's module has scalable vectors (``<vscale x 4 x float>``):
    ``mix`` (the default) every fourth seed, else ``always`` or ``never``."""
    return mode == "always" or (mode == "mix" and seed % 4 == 3)


def stress_command(seed: int, size: int, scalable: bool) -> list[str]:
    """The llvm-stress command line of one module (text on standard output)."""
    extra = ["--enable-scalable-vectors"] if scalable else []
    return [STRESS, f"-seed={seed}", f"-size={size}", *extra, "-o", "-"]


def generate(seed: int, size: int, scalable: bool = False) -> str:
    """The text of ``llvm-stress-22 -seed=seed -size=size [--enable-scalable-vectors]``."""
    proc = subprocess.run(stress_command(seed, size, scalable),
                          capture_output=True, text=True, check=True)
    return proc.stdout


def classify(proc: subprocess.CompletedProcess | None, out: Path) -> tuple[str, str]:
    """(class, detail) of a finished enzyme-opt run whose output was ``out``;
    ``proc`` None means it timed out."""
    if proc is None:
        return "crashed", f"timeout after {TIMEOUT_S} s"
    err = proc.stderr.strip()
    if proc.returncode == 0:
        if not out.exists():
            return "crashed", "exit 0 but no output file"
        check = subprocess.run(VERIFY + [str(out)], capture_output=True, text=True)
        if check.returncode != 0:
            return "invalid", _first_line(check.stderr)
        return "ok", ""
    lines = err.splitlines()
    if (proc.returncode == 1 and len(lines) == 1 and lines[0].startswith(PREFIX)
            and "Traceback" not in err and not out.exists()):
        if lines[0].startswith(OWN_OUTPUT) or "internal error" in lines[0]:
            return "invalid", lines[0]     # enzyme-opt's own verifier caught its output
        return "refused", lines[0]
    if proc.returncode < 0:
        return "crashed", f"signal {-proc.returncode}: {_last_line(err)}"
    return "crashed", f"exit {proc.returncode}: {_last_line(err)}"


def _first_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[0] if lines else "(no message)"


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else "(no message)"


def run_enzyme_opt(module: Path, out: Path) -> tuple[str, str]:
    """Run enzyme-opt on one file and classify the result."""
    if out.exists():
        out.unlink()
    try:
        proc = subprocess.run([ENZYME_OPT, str(module), "-S", "-o", str(out)],
                              capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        proc = None
    return classify(proc, out)


def check_seed(seed: int, size: int, workdir: str, keep: str | None,
               scalable: bool = False) -> list[Result]:
    """All variants of one seed; keeps the inputs (and outputs) of every run
    that was not ok in ``keep``, when given."""
    text = generate(seed, size, scalable)
    results = []
    for variant in VARIANTS:
        source = make(text, seed, variant)
        module = Path(workdir) / f"s{seed}.{variant}.ll"
        out = Path(workdir) / f"s{seed}.{variant}.out.ll"
        module.write_text(source)
        klass, detail = run_enzyme_opt(module, out)
        results.append(Result(seed, size, variant, klass, detail))
        if keep and klass != "ok":
            shutil.copy(module, Path(keep) / module.name)
            if out.exists():
                shutil.copy(out, Path(keep) / out.name)
        for path in (module, out):
            if path.exists():
                path.unlink()
    return results


def reason(line: str) -> str:
    """A refusal's message with its location and program names normalized
    away, so that messages about different values group together."""
    message = line[len(PREFIX):] if line.startswith(PREFIX) else line
    where, sep, rest = message.partition(": ")
    if sep and (where.startswith("in function") or re.fullmatch(r"\S+:\d+", where)
                or where.endswith(".ll")):
        message = rest
    message = re.sub(r"@[\w.$-]+", "@F", message)
    message = re.sub(r"%[\w.$-]+", "%V", message)
    return re.sub(r"\b\d+\b", "N", message)


def regenerate(result: Result, args: argparse.Namespace) -> str:
    """The commands that reproduce one result."""
    keep = f"/tmp/stress-{result.seed}"
    again = (f".venv/bin/python tests/fuzz/stress.py --start {result.seed} --count 1 "
             f"--min-size {args.min_size} --max-size {args.max_size} "
             f"--scalable {args.scalable} --keep {keep}")
    if result.variant == "pass":
        command = stress_command(result.seed, result.size,
                                 scalable_for(result.seed, args.scalable))
        return (f"{' '.join(command[:-1])} {keep}.ll && "
                f".venv/bin/enzyme-opt {keep}.ll -S -o {keep}.out.ll")
    return (f"{again} && .venv/bin/enzyme-opt {keep}/s{result.seed}.{result.variant}.ll "
            f"-S -o {keep}/out.ll")


def summarize(results: list[Result], args: argparse.Namespace, seconds: float) -> int:
    """Print the summary; returns the exit status (1 on any crash/invalid)."""
    print(f"\n{len(results)} runs on {len(results) // len(VARIANTS)} modules "
          f"(seeds {args.start}..{args.start + args.count - 1}, sizes "
          f"{args.min_size}-{args.max_size}) in {seconds:.0f} s")
    table = collections.Counter((r.variant, r.klass) for r in results)
    print(f"{'variant':<16}" + "".join(f"{k:>10}" for k in CLASSES))
    for variant in VARIANTS:
        print(f"{variant:<16}" + "".join(f"{table[variant, k]:>10}" for k in CLASSES))
    print(f"{'total':<16}" + "".join(
        f"{sum(1 for r in results if r.klass == k):>10}" for k in CLASSES))
    reasons = collections.Counter(reason(r.detail) for r in results if r.klass == "refused")
    if reasons:
        print("\nrefusal reasons:")
        for text, count in reasons.most_common():
            print(f"  {count:6}  {text}")
    bad = [r for r in results if r.klass in ("crashed", "invalid")]
    if bad:
        print("\ncrashes and invalid outputs:")
        for r in bad:
            print(f"  seed {r.seed} size {r.size} {r.variant}: {r.klass}: {r.detail}")
            print(f"    {regenerate(r, args)}")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100, help="number of seeds")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--min-size", type=int, default=20)
    parser.add_argument("--max-size", type=int, default=200)
    parser.add_argument("--scalable", choices=("mix", "always", "never"), default="mix",
                        help="scalable vectors: every fourth seed (mix), always or never")
    parser.add_argument("--keep", metavar="DIR", help="keep the inputs of non-ok runs here")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--quiet", action="store_true", help="no progress line per module")
    args = parser.parse_args(argv)
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    seeds = range(args.start, args.start + args.count)
    started = time.monotonic()
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="enzyme-stress-") as workdir:
        jobs = [(s, size_for(s, args.min_size, args.max_size), workdir, args.keep,
                 scalable_for(s, args.scalable)) for s in seeds]
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                batches = pool.map(check_seed, *zip(*jobs))
                for batch in batches:
                    results += _progress(batch, args.quiet)
        else:
            for job in jobs:
                results += _progress(check_seed(*job), args.quiet)
    return summarize(results, args, time.monotonic() - started)


def _progress(batch: list[Result], quiet: bool) -> list[Result]:
    if not quiet:
        marks = " ".join(f"{r.variant}={r.klass}" for r in batch)
        print(f"seed {batch[0].seed:5} size {batch[0].size:4}: {marks}", flush=True)
    return batch


if __name__ == "__main__":
    sys.exit(main())
