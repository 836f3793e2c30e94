#!/usr/bin/env python3
"""How many bytes each benchmark gradient keeps on its tape, against what its reverse
sweep strictly needs (issue 24: the tape ≤ 1.5× that, reported).

``make bench``'s "extra" column is peak RSS, which counts the tape at page granularity
(2 MB pages past 1 MB), shadows and allocator slack.  This measures the tape itself: the
kernel is built as ``bench/run.py`` builds it (clang -O2, enzyme-opt with LLVM's -O2
before differentiating), but without the pipeline after it, so every push still goes
through ``@enzyme_opt.tape.push``; that function gets a high-water mark (the largest size
the tape reached), which a destructor prints when ``K.bin mem gradient`` has made one
gradient call.  The instrumented build is for measuring only: it is never timed.

"Strictly needed" is per kernel (``NEEDED``): the values of operations the reverse sweep
cannot rebuild from its inputs without repeating a math-library call or a division, counted
once per evaluation (what the fastest hand-written adjoint would keep), and nothing for
values it can re-read.  Run: ``.venv/bin/python bench/tape_bytes.py [KERNEL ...]``.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
KDIR = HERE / "kernels"
OUT = HERE / "out" / "tape"
sys.path.insert(0, str(ROOT))

#: kernel → (bytes its reverse sweep strictly needs, why)
NEEDED = {
    "dot": (0, "nothing: the partials are x and y, re-read"),
    "dotnorm": (8, "√q once; x and y are re-read"),
    "ba": (32768 * 8 * 8, "per residual √θ², cos θ, sin θ, the axis w/θ (3), u and v (the "
                          "projection's two divisions): 8 values"),
    "stencil": (20 * 99998 * 8, "each step's state at the interior cells (the reaction "
                                "term's partial 1 − 2u needs it): T·(n − 2) values"),
    "gmm": ((2000 + 1) * 17 * 8, "per point the 16 log-sum-exp terms and their maximum, and "
                                 "the same once for the mixture weights"),
    "lstm": (300 * 160 * 8, "per step the h that W·h reads (16), and per unit the sigmoids' "
                            "three exp(−z) and three quotients, tanh(g), tanh(c) and c "
                            "before the step (16 · 9)"),
    "libm": (100000 * 2 * 8, "per element sin(x) and exp(−x²/2); log(1 + x²)'s partial is "
                             "rebuilt from x"),
}

HOOK = """
@bench.tape.high = internal global i64 0
@bench.tape.format = private constant [21 x i8] c"tape_high_bytes %ld\\0A\\00"
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @bench.tape.report, ptr null }]
define internal void @bench.tape.report() {
  %high = load i64, ptr @bench.tape.high
  %r = call i32 (ptr, ...) @printf(ptr @bench.tape.format, i64 %high)
  ret void
}
"""

#: the size the push makes the tape, in @enzyme_opt.tape.push (ad/sweeps/tape.py)
NEED = re.compile(r"^(  %need = add i64 %size, %bytes\n)", re.M)


def instrument(text: str) -> str:
    """``text`` with a high-water mark in ``@enzyme_opt.tape.push``."""
    start = text.index("define internal ptr @enzyme_opt.tape.push(")
    body_end = text.index("\n}\n", start)
    body = text[start:body_end]
    match = NEED.search(body)
    if match is None:
        raise SystemExit("tape_bytes.py: @enzyme_opt.tape.push changed shape; update NEED")
    mark = ("  %high.old = load i64, ptr @bench.tape.high\n"
            "  %high.more = icmp ugt i64 %need, %high.old\n"
            "  %high.new = select i1 %high.more, i64 %need, i64 %high.old\n"
            "  store i64 %high.new, ptr @bench.tape.high\n")
    body = body[:match.end()] + mark + body[match.end():]
    printf = "" if re.search(r"^declare .*@printf\(", text, re.M) else "declare i32 @printf(ptr, ...)\n"
    return text[:start] + body + text[body_end:] + HOOK + printf


def measure(kernel: str) -> int | None:
    """The tape's high-water mark of one gradient call of ``kernel``, in bytes."""
    from enzyme_opt.driver import Options, differentiate, optimize_before_ad
    from enzyme_opt.ir import parse_module
    from enzyme_opt.llvm import read_input
    out = OUT / kernel
    out.mkdir(parents=True, exist_ok=True)
    ll = out / f"{kernel}.ll"
    subprocess.run(["clang-22", "-O2", "-S", "-emit-llvm", f"-I{KDIR}", str(KDIR / f"{kernel}.c"),
                    "-o", str(ll)], check=True)
    text = read_input(ll.read_bytes(), str(ll))
    text = optimize_before_ad(text, str(ll), Options(opt_level=2))
    lowered = differentiate(text, parse_module(text, str(ll), lazy_bodies=True), str(ll))
    if "@enzyme_opt.tape.push(" not in lowered:
        return 0
    grad = out / f"{kernel}.tape.ll"
    grad.write_text(instrument(lowered))
    binary = out / f"{kernel}.tape.bin"
    subprocess.run(["clang-22", "-O2", str(grad), "-lm", "-o", str(binary)], check=True,
                   stderr=subprocess.DEVNULL)
    run = subprocess.run([str(binary), "mem", "gradient"], capture_output=True, text=True,
                         check=True)
    found = re.search(r"tape_high_bytes (\d+)", run.stdout)
    return int(found.group(1)) if found else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kernels", nargs="*", default=list(NEEDED))
    args = ap.parse_args()
    print("| kernel | tape (bytes) | strictly needed (bytes) | ratio | what is strictly needed |")
    print("|---|---:|---:|---:|---|")
    for kernel in args.kernels:
        tape = measure(kernel)
        needed, why = NEEDED[kernel]
        ratio = "—" if tape is None or needed == 0 else f"{tape / needed:.2f}×"
        print(f"| {kernel} | {tape:,} | {needed:,} | {ratio} | {why} |" if tape is not None
              else f"| {kernel} | ? | {needed:,} | — | {why} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
