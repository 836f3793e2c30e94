"""Differential fuzzer for checkpointed loops (``__enzyme_checkpoint_for``): random C time
steppers differentiated through the checkpointing driver and as the plain loop.

    .venv/bin/python tests/fuzz/checkpoint.py --count 200 --levels O0,O1,O2,O3 --jobs 2
    .venv/bin/python tests/fuzz/checkpoint.py --seed 17 --levels O2 --keep /tmp/ck --shrink
    .venv/bin/python tests/fuzz/checkpoint.py --source tests/fuzz/found/checkpoint/F.c --levels O2

Every program (seeded, reproducible; ``--seed N --print`` shows one) defines

    static void step(int64_t t, double *u, [double *w,] [const double *k,] [double p])

a random nonlinear update of a state array u (1..16 doubles), optionally writing a second
array w (marked as a region of its own, or one region with u), reading a read-only array k
that has a shadow and a by-value double p (its adjoint is returned), writing an active global
array g_w (its shadow d_g_w) and an integer step counter (read back by branches), with loops
over the state (nested too), local arrays, memcpy, libm calls (sin, exp, log1p, tanh, sqrt of
positive values, fmin/fmax, pow, and gen.py's other smooth functions), branches on the state,
on the step index and on the counter, and indices computed from the step index; and issue 20's
patterns: ``__restrict`` on the step's and its helpers' pointers (a third of the programs), an
element read and then overwritten in place by a nonlinear function of itself (by the step or a
noinline callee), a double's bits moved as an integer through memcpy into heap memory by a
noinline callee and read back, and a loop bound read through ``int *mp`` (a parameter of the
step, of ``checkpointed`` and ``plain``, enzyme_const, a region of its own) and overwritten
after the loop with a value in 1..NU; and, in a third of the programs, the loop running on a
local copy of u (``double lu[NU]``, a local variable the loop's reverse runs steps on after
``augmented_checkpointed`` has returned: the numbers stay right only if it outlives that, which
regress/rerun-loop-local-state.c checks under ASan). Around it:

    checkpointed(u, w, k, p, n, scheme, data)   __enzyme_checkpoint_for(step, START, n, …)
    plain(u, w, k, p, n)                        for (t = START; t < START + n; t++) step(t, …)

and tests/fuzz/checkpoint_runtime.h, which checks for three values of n in 0..12 and the
schemes ckpt_periodic (1, 2, 3 segments) and ckpt_bisect (tests/lit/Inputs/checkpoint_schemes.h)
that the checkpointed gradient is the plain loop's (1e-12 relative), that the memory after it
is exactly what the plain primal leaves, that both agree with central finite differences
(discarded where unreliable, as fuzz_runtime.h does) and that forward mode gives the plain
loop's tangents; in 40 % of the programs without g_w, also that forward mode over the
gradient (Hessian-vector products: ``CF_HVP``) gives the plain loop's. Programs are built and run by run.py's check_source (clang-22, enzyme-opt,
opt-22 -passes=verify, clang-22 again, the binary), so the classes are run.py's; ``failed`` in
the summary is wrong + crashed + invalid + genfail. Failing programs (shrunk with --shrink,
by shrink.py) are saved under tests/fuzz/found/checkpoint/ (--save), each with a header
naming the failure and the command that reruns it; one saved before is not overwritten.
"""
from __future__ import annotations

import argparse
import collections
import random
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import gen  # noqa: E402  (tests/fuzz is not a package)
import run  # noqa: E402
from gen import Node, Scope  # noqa: E402

SAVE = HERE / "found" / "checkpoint"
LEVELS = "O0,O1,O2,O3"
SIZES = [1, 2, 3, 4, 5, 6, 7, 8, 11, 16]
THIS = "tests/fuzz/checkpoint.py"


@dataclass
class Program:
    """One program: ``body`` is the step's body, the part shrink.py deletes from."""
    seed: int
    nu: int
    nw: int                       # 0: the step takes no w
    nk: int                       # 0: the step takes no k
    values: list[str]             # the by-value doubles the step takes (p, q): expressions of p
    ng: int                       # 0: no global g_w
    counter: str                  # "" or the counter's C type
    start: int
    index_type: str               # the step's index parameter: int64_t or int
    ns: list[int]
    regions: list[str]            # "u", "w", "uw" (one region over both), "k"
    has_m: bool                   # the step takes int m (= NU, its loops' bound)
    table: list[float]            # a static const table the step reads ([]: none)
    objective: list[Node]
    body: list[Node]
    helpers: list[Node] = field(default_factory=list)   # functions the step calls
    restrict: bool = False        # the step's pointer parameters are __restrict
    mptr: bool = False            # the step takes int *mp (a loop bound it overwrites)
    #: the loop runs on a local copy of u (`double lu[NU]`), whose derivative flows back
    #: through the copy: a local the loop's reverse runs steps on after augmented_f returned
    local_state: bool = False
    #: forward over reverse is checked too (checkpoint_runtime.h's CF_HVP; never with g_w)
    hvp: bool = False

    def source(self) -> str:
        nw, nk = max(self.nw, 1), max(self.nk, 1)
        head = [f"/* enzyme-opt checkpointed-loop fuzz program, seed {self.seed} ({THIS}) */",
                f"#define NU {self.nu}", f"#define NW {nw}", f"#define NK {nk}",
                f"#define HAS_G {int(self.ng > 0)}", f"#define NG {max(self.ng, 1)}",
                f"#define HAS_COUNTER {int(bool(self.counter))}",
                f"#define COUNTER_T {self.counter or 'long'}",
                f"#define CF_NS {{{', '.join(map(str, self.ns))}}}"]
        head += ["#define CF_MPTR 1"] if self.mptr else []
        head += ["#define CF_HVP 1"] if self.hvp else []
        head += ['#include "checkpoint_runtime.h"', ""]
        if self.ng:
            init = ", ".join(str(0.1 * (j + 1)) for j in range(self.ng))
            head += [f"double g_w[NG] = {{{init}}};",
                     "double d_g_w[NG];  /* its shadow: tests/fuzz/run.py adds !enzyme_shadow */"]
        if self.counter:
            head += [f"{self.counter} steps_taken;  /* written by every step */"]
        if self.table:
            head += [f"static const double tab[{len(self.table)}] = "
                     f"{{{', '.join(map(str, self.table))}}};"]
        r = "__restrict " if self.restrict else ""
        params = [f"{self.index_type} t", f"double *{r}u"]
        args = ["u"]
        if self.nw:
            params.append(f"double *{r}w")
            args.append("w")
        if self.nk:
            params.append(f"const double *{r}k")
            args.append("k")
        for name, value in zip(("p", "q"), self.values):
            params.append(f"double {name}")
            args.append(value)
        if self.has_m:
            params.append("int m")
            args.append("NU")
        if self.mptr:
            params.append("int *mp")
            args.append("mp")
        text = head + [""]
        for helper in self.helpers:
            text += helper.lines() + [""]
        text += Node(f"static void step({', '.join(params)}) {{", self.body).lines() + [""]
        text += Node("static double objective(const double *u, const double *w) {",
                     self.objective).lines() + [""]
        sizes = {"u": "NU", "w": "NW", "k": "NK", "uw": "(NU + NW)"}
        state = "lu" if self.local_state else "u"
        args = [state if a == "u" else a for a in args]
        regions = "".join(f"\n                          enzyme_checkpoint_region, "
                          f"{state if r in ('u', 'uw') else r}, sizeof(double) * {sizes[r]},"
                          for r in self.regions)
        copy_in = ["  double lu[NU];", "  memcpy(lu, u, sizeof lu);"] if self.local_state else []
        if self.mptr:
            regions += "\n                          enzyme_checkpoint_region, mp, sizeof(int),"
        mp = ", int *mp" if self.mptr else ""
        text += [
            "__attribute__((noinline)) double checkpointed(double *u, double *w, const double *k,",
            "                                              double p, int64_t n, "
            f"const CkptScheme *s, void *data{mp}) {{",
            *copy_in,
            f"  __enzyme_checkpoint_for((void *)step, {self.start}, n, enzyme_scheme, s, data,"
            f"{regions}",
            f"                          {', '.join(args)});",
            f"  return objective({state}, w);",
            "}",
            "",
            "__attribute__((noinline)) double plain(double *u, double *w, const double *k, "
            f"double p, int64_t n{mp}) {{",
            *copy_in,
            f"  for (int64_t t = {self.start}; t < {self.start} + n; t++)",
            f"    step(t, {', '.join(args)});",
            f"  return objective({state}, w);",
            "}",
            "",
            "int main(void) { return cf_check_all(); }"]
        return "\n".join(text) + "\n"


class Generator(gen.Generator):
    """gen.py's expressions (its smooth functions, ``bounded``, ``index``) over the step's
    arrays and scalars; statements of its own."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.seed = seed
        self.real, self.suffix, self.has_global = "double", "", False
        self.counter = 0
        self.helpers, self.helper_kinds = [], []
        r = self.rng
        self.nu = r.choice(SIZES)
        self.nw = (self.nu if r.random() < 0.5 else r.randint(1, 8)) if r.random() < 0.55 else 0
        self.w_scratch = self.nw > 0 and r.random() < 0.5     # written first in every step
        self.nk = r.randint(1, 6) if r.random() < 0.6 else 0
        self.values = r.choice([[], [], ["p"], ["p"], ["0.5 * p + 0.25"], ["sin(p)"],
                                ["p", "p * p"], ["1.0 + 0.1 * p", "p"]])
        self.ng = r.randint(1, 3) if r.random() < 0.35 else 0
        self.counter_type = r.choice(["long", "int", "int64_t"]) if r.random() < 0.4 else ""
        self.has_m = r.random() < 0.25
        self.table = [round(r.uniform(-1, 1), 3) for _ in range(r.randint(2, 6))] \
            if r.random() < 0.25 else []
        # issue 20's patterns (gen.py's target-only ones stay off: no state, no *N)
        self.state, self.nptr = False, False
        self.restrict = r.random() < 0.35
        self.mptr = r.random() < 0.3
        self.restrict_helpers, self.alias_of = set(), {}

    # ---- expressions ----------------------------------------------------------------------

    def leaf(self, scope: Scope) -> str:
        if not scope.arrays:                 # a helper's body: its parameters only
            return super().leaf(scope)
        roll = self.rng.random()
        if roll < 0.06:
            return "(0.01 * t)"
        if roll < 0.10 and self.counter_type:
            return "(0.1 * (double)(steps_taken % 3))"
        if roll < 0.14 and self.ng:
            return f"g_w[{self.index(self.ng, scope)}]"
        return super().leaf(scope)

    def index(self, length: int, scope: Scope) -> str:
        if length == 1:
            return "0"
        if scope.arrays and self.chance(0.1):
            return f"(int)((t + 64) % {length})"      # t may be negative (START < 0)
        return super().index(length, scope)

    # ---- statements -----------------------------------------------------------------------

    def writable(self, scope: Scope) -> list[tuple[str, int]]:
        names = {"u", "w"} | {name for name, _ in scope.arrays if name.startswith("tmp")}
        if self.ng:
            names.add("g_w")
        return [(name, n) for name, n in scope.arrays if name in names]

    def statement(self, scope: Scope, depth: int) -> list[Node]:
        kinds = ["map", "map", "map", "point", "sum", "select"]
        if depth > 0:
            kinds += ["if_value", "if_value", "if_step", "nested", "local_array"]
        if self.nw:
            kinds += ["map_w"]
            if self.nw == self.nu:
                kinds += ["stencil", "copy"]
        if self.ng:
            kinds += ["global"]
        if depth > 0:
            kinds += ["call", "call", "switch", "early_return"]
        kinds += ["overwrite", "bits"]
        if self.mptr:
            kinds += ["bound_loop"]
        return getattr(self, "st_" + self.rng.choice(kinds))(scope, depth)

    def damped(self, target: str, scope: Scope) -> str:
        """``target += b * bounded`` or ``target = a * target + b * bounded``: stays bounded
        over 12 steps, and keeps its sensitivity to the initial state (a near 1)."""
        a, b = self.rng.choice([(1, 0.1), (1, 0.2), (1, 0.3), (0.9, 0.2), (0.7, 0.3)])
        if a == 1:
            return f"{target} += {b} * {self.bounded(scope)};"
        return f"{target} = {a} * {target} + {b} * {self.bounded(scope)};"

    def over(self, length: int, scope: Scope, make) -> list[Node]:
        """``for (int i = 0; i < length; i++) { make(inner scope, i) }``."""
        i = self.fresh("i")
        inner = scope.child(in_loop=True)
        inner.indices.append((i, length))
        bound = "m" if self.has_m and length == self.nu else length
        return [Node(f"for (int {i} = 0; {i} < {bound}; {i}++) {{", make(inner, i))]

    def st_map(self, scope: Scope, depth: int) -> list[Node]:
        name, length = self.rng.choice([a for a in self.writable(scope) if a[0] != "g_w"])
        return self.over(length, scope, lambda inner, i: [Node(self.damped(f"{name}[{i}]", inner))])

    def st_map_w(self, scope: Scope, depth: int) -> list[Node]:
        if ("w", self.nw) not in scope.arrays:
            scope.arrays.append(("w", self.nw))
        return self.over(self.nw, scope, lambda inner, i: [Node(self.damped(f"w[{i}]", inner))])

    def st_point(self, scope: Scope, depth: int) -> list[Node]:
        name, length = self.rng.choice(self.writable(scope))
        return [Node(self.damped(f"{name}[{self.index(length, scope)}]", scope))]

    def st_global(self, scope: Scope, depth: int) -> list[Node]:
        j = self.index(self.ng, scope)
        return [Node(f"g_w[{j}] = 0.9 * g_w[{j}] + 0.2 * {self.bounded(scope)};")]

    def st_sum(self, scope: Scope, depth: int) -> list[Node]:
        s = self.fresh("s")
        name, length = self.rng.choice(scope.arrays)
        nodes = [Node(f"double {s} = 0;")] + self.over(
            length, scope, lambda inner, i: [Node(f"{s} += {self.rng.choice([0.1, 0.3, -0.2])} * "
                                                  f"{self.expr(inner, 1)};")])
        scope.scalars.append(f"tanh({s})")     # read through a squash: sums of 16 stay tame
        return nodes

    def st_select(self, scope: Scope, depth: int) -> list[Node]:
        name, length = self.rng.choice(self.writable(scope))
        at = f"{name}[{self.index(length, scope)}]"
        cond = f"{self.expr(scope, 1)} > {self.rng.choice([0.1, -0.3, 0.45])}"
        return [Node(f"{at} = {cond} ? {at} + 0.2 * {self.bounded(scope)} : "
                     f"0.9 * {at} + 0.1 * {self.bounded(scope)};")]

    def branches(self, head: str, scope: Scope, depth: int) -> list[Node]:
        then = self.statements(scope.child(), self.rng.randint(1, 2), depth - 1)
        if self.chance(0.5):
            return [Node(head, then)]
        return [Node(head, then),
                Node("else {", self.statements(scope.child(), self.rng.randint(1, 2), depth - 1))]

    def st_if_value(self, scope: Scope, depth: int) -> list[Node]:
        threshold = self.rng.choice([0.1, 0.25, -0.2, 0.5])
        return self.branches(f"if ({self.expr(scope, 1)} > {threshold}) {{", scope, depth)

    def st_if_step(self, scope: Scope, depth: int) -> list[Node]:
        conds = ["t % 2 == 0", "t % 3 == 1", f"t > {self.rng.randint(0, 6)}"]
        if self.counter_type:
            conds += ["steps_taken % 2 == 1", f"steps_taken < {self.rng.randint(1, 6)}"]
        if scope.indices:
            i = self.rng.choice(scope.indices)[0]
            conds += [f"{i} % 2 == 0", f"{i} == (int)((t + 64) % 3)"]
        return self.branches(f"if ({self.rng.choice(conds)}) {{", scope, depth)

    def st_nested(self, scope: Scope, depth: int) -> list[Node]:
        name, length = self.rng.choice([a for a in self.writable(scope) if a[0] != "g_w"])
        other, olen = self.rng.choice(scope.arrays)
        coef = round(0.3 / max(olen, 1), 4)

        def inner_loop(outer: Scope, i: str) -> list[Node]:
            return self.over(olen, outer, lambda inner, j: [
                Node(f"{name}[{i}] += {coef} * {self.bounded(inner)};")])
        return self.over(length, scope, inner_loop)

    def st_local_array(self, scope: Scope, depth: int) -> list[Node]:
        tmp, length = self.fresh("tmp"), self.nu
        nodes = [Node(f"double {tmp}[{length}] = {{0}};")]
        nodes += self.over(length, scope,
                           lambda inner, i: [Node(f"{tmp}[{i}] = {self.bounded(inner)};")])
        scope.arrays.append((tmp, length))
        nodes += self.over(self.nu, scope, lambda inner, i: [
            Node(f"u[{i}] += 0.2 * {tmp}[({i} + {self.rng.randrange(length)}) % {length}];")])
        return nodes

    def st_stencil(self, scope: Scope, depth: int) -> list[Node]:
        """A ping-pong stencil on a ring: w from u, then memcpy(u, w) (tests/lit's stepper)."""
        n = self.nu
        nodes = self.over(n, scope, lambda inner, i: [Node(
            f"w[{i}] = u[{i}] + 0.1 * (0.3 * (u[({i} + {n - 1}) % {n}] - 2 * u[{i}] + "
            f"u[({i} + 1) % {n}]) + {self.bounded(inner)});")])
        if ("w", self.nw) not in scope.arrays:
            scope.arrays.append(("w", self.nw))
        return nodes + [Node(f"memcpy(u, w, sizeof(double) * {n});")]

    def st_copy(self, scope: Scope, depth: int) -> list[Node]:
        """memcpy between u and w (same length), either way."""
        dst, src = self.rng.choice([("u", "w"), ("w", "u")])
        return [Node(f"memcpy({dst}, {src}, sizeof(double) * {self.nu});")]

    def st_switch(self, scope: Scope, depth: int) -> list[Node]:
        cases = []
        for label in ["case 0:", "case 1:", "default:"]:
            body = self.statements(scope.child(), 1, depth - 1)
            cases.append(Node(label + " {", body + [Node("break;")]))
        return [Node("switch ((int)((t + 64) % 3)) {", cases)]

    def st_early_return(self, scope: Scope, depth: int) -> list[Node]:
        cond = self.rng.choice(["t % 5 == 3", "t % 4 == 1",
                                f"u[0] > {self.rng.choice([0.4, 0.9])}"])
        return [Node(f"if ({cond}) {{", [Node("return;")])]

    def st_overwrite(self, scope: Scope, depth: int) -> list[Node]:
        """An element read nonlinearly, then overwritten in place by a nonlinear function of
        itself, by the step or by a noinline callee; the value read is used after."""
        name, length = self.rng.choice([a for a in self.writable(scope) if a[0] != "g_w"])
        at = self.index(length, scope)
        v = self.fresh("v")
        nodes = [Node(f"double {v} = {self.nonlinear_read(f'{name}[{at}]', scope)};")]
        if self.chance(0.5):
            nodes.append(Node(f"{name}[{at}] = {self.self_update(f'{name}[{at}]')} + 0.1 * "
                              f"{self.bounded(scope)};"))
        else:
            helper = self.ck_helper("update_at", "{attrs} void {name}(double *%sa, int j, "
                                    "double c) {{" % self.pointer(), [
                                        Node(f"a[j] = {self.self_update('a[j]')} + 0.1 * "
                                             f"{self.bounded_of(['a[j]', 'c'])};")])
            nodes.append(Node(f"{helper}({name}, {at}, {self.leaf(scope)});"))
        dst, dlen = self.rng.choice([a for a in self.writable(scope) if a[0] != "g_w"])
        nodes.append(Node(f"{dst}[{self.index(dlen, scope)}] += 0.1 * {v};"))
        return nodes

    def st_bits(self, scope: Scope, depth: int) -> list[Node]:
        """A double's bits moved as an integer (memcpy) into memory by a noinline callee, read
        back as a double: mostly the step's own array, a fifth of the time heap memory the step
        allocates. (At -O0 a step writing heap memory is refused: its pointer is loaded from a
        local variable there; a callee that allocates and writes heap memory itself is refused
        at every level: "an opaque call". Allowed refusals, so the generator avoids them.)"""
        d, b, h = self.fresh("d"), self.fresh("b"), self.fresh("hb")
        k = self.rng.randrange(3)
        helper = self.ck_helper("bits_store", "{attrs} void {name}(double *%sheap, int j, "
                                "unsigned long long b) {{" % self.pointer(), [
                                    Node("double v; memcpy(&v, &b, sizeof v);"),
                                    Node("heap[j] = v;")])
        nodes = [Node(f"double {d} = {self.bounded(scope)};"),
                 Node(f"unsigned long long {b}; memcpy(&{b}, &{d}, sizeof {b});")]
        if self.chance(0.2):        # the callee stores into the step's heap memory
            nodes.append(Node(f"double *{h} = (double *)calloc(3, sizeof(double));"))
            free = f" free({h});"
        else:                       # into the step's array
            nodes.append(Node(f"double {h}[3] = {{0}};"))
            free = ""
        nodes.append(Node(f"{helper}({h}, {k}, {b});"))
        dst, dlen = self.rng.choice([a for a in self.writable(scope) if a[0] != "g_w"])
        nodes.append(Node(f"{dst}[{self.index(dlen, scope)}] += 0.2 * {h}[{k}];{free}"))
        return nodes

    def st_bound_loop(self, scope: Scope, depth: int) -> list[Node]:
        """A loop over u bounded by *mp, then (mostly) *mp overwritten after it (1..NU)."""
        i = self.fresh("i")
        inner = scope.child(in_loop=True)
        inner.indices.append((i, self.nu))
        nodes = [Node(f"for (int {i} = 0; {i} < *mp; {i}++) {{",
                      [Node(self.damped(f"u[{i}]", inner))])]
        if self.chance(0.8):
            value = self.rng.choice(["1 + (int)((t + 64) % NU)", "NU - (int)((t + 64) % 2)",
                                     "1"])
            if self.chance(0.3):
                helper = self.ck_helper("set_m", "{attrs} void {name}(int *m, int v) {{",
                                        [Node("*m = v < 1 ? 1 : v;")])
                nodes.append(Node(f"{helper}(mp, {value});"))
            else:
                nodes.append(Node(f"*mp = {value};"))
        return nodes

    def pointer(self) -> str:
        """``__restrict `` for a helper's pointer, in a program drawn with restrict."""
        return "__restrict " if self.restrict and self.chance(0.7) else ""

    # ---- functions the step calls (the call tree writes its memory and globals) ------------

    def noinline(self) -> str:
        return "static __attribute__((noinline))" if self.chance(0.6) else "static"

    def ck_helper(self, kind: str, head: str, body: list[Node]) -> str:
        existing = [name for k, name in self.helper_kinds if k == kind]
        if existing and self.chance(0.5):
            return self.rng.choice(existing)
        name = self.fresh(kind)
        self.helper_kinds.append((kind, name))
        self.helpers.append(Node(head.format(name=name, attrs=self.noinline()), body))
        return name

    def count_step(self) -> Node:
        """``steps_taken++``, directly or in a function the step calls."""
        if self.chance(0.6):
            return Node("steps_taken++;")
        name = self.ck_helper("bump", "{attrs} void {name}(void) {{", [Node("steps_taken++;")])
        return Node(f"{name}();")

    def st_call(self, scope: Scope, depth: int) -> list[Node]:
        kinds = ["relax", "norm"] + (["mix"] if self.ng else [])
        kind = self.rng.choice(kinds)
        if kind == "relax":        # writes the array it is given, in place
            name = self.ck_helper("relax", "{attrs} void {name}(double *%sa, int len, "
                                  "double c) {{" % self.pointer(), [
                Node("for (int i = 0; i < len; i++) {", [
                    Node(f"a[i] += {self.rng.choice([0.1, 0.2])} * "
                         f"{self.bounded_of(['a[i]', 'a[(i + 1) % len]', 'c'])};")])])
            array, length = self.rng.choice([a for a in self.writable(scope) if a[0] != "g_w"])
            if length > 2 and self.chance(0.3):
                return [Node(f"{name}({array} + 1, {length - 1}, {self.leaf(scope)});")]
            return [Node(f"{name}({array}, {length}, {self.leaf(scope)});")]
        if kind == "norm":         # reads an array, returns a scalar
            name = self.ck_helper("norm", "{attrs} double {name}(const double *%sa, "
                                  "int len) {{" % self.pointer(), [
                Node("double s = 0;"),
                Node("for (int i = 0; i < len; i++) {", [Node("s += a[i] * a[i];")]),
                Node("return sqrt(1.0 + s);")])
            array, length = self.rng.choice(scope.arrays)
            v = self.fresh("v")
            scope.scalars.append(f"tanh({v})")
            return [Node(f"double {v} = {name}({array}, {length});")]
        j = self.rng.randrange(self.ng)    # writes the global g_w
        name = self.ck_helper(f"mix{j}_", "{attrs} void {name}(double v) {{", [
            Node(f"g_w[{j}] = 0.9 * g_w[{j}] + 0.2 * tanh(v);")])
        return [Node(f"{name}({self.expr(scope, 1)});")]

    # ---- the program ----------------------------------------------------------------------

    def program(self) -> Program:
        r = self.rng
        arrays = [("u", self.nu)]
        if self.nw and not self.w_scratch:
            arrays.append(("w", self.nw))
        if self.nk:
            arrays.append(("k", self.nk))
        if self.ng:
            arrays.append(("g_w", self.ng))
        if self.table:
            arrays.append(("tab", len(self.table)))
        scope = Scope(arrays=arrays, inputs=["p", "q"][:len(self.values)])
        scope.scalars = []
        body: list[Node] = []
        counter_first = self.counter_type and r.random() < 0.5
        if counter_first:
            body.append(self.count_step())
        if self.w_scratch:          # w holds nothing between steps: written before it is read
            body += self.st_map_w_fill(scope)
        body += self.statements(scope, r.randint(2, 5), depth=r.choice([1, 2, 2, 3]))
        text = "\n".join(line for node in body for line in node.lines())
        # Every parameter the step takes is used, every array it writes written.
        if self.nk and not re.search(r"\bk\[", text):
            body.append(Node(f"u[{r.randrange(self.nu)}] += 0.1 * tanh(k[{r.randrange(self.nk)}] "
                             f"* u[{r.randrange(self.nu)}]);"))
        for name in ["p", "q"][:len(self.values)]:
            if not re.search(rf"\b{name}\b", text):
                body.append(Node(f"u[{r.randrange(self.nu)}] += 0.1 * sin({name} * "
                                 f"u[{r.randrange(self.nu)}]);"))
        if self.nw and not re.search(r"^\s*(w\[.*\] \+?=|memcpy\(w,)", text, re.M):
            body.append(Node(f"w[{r.randrange(self.nw)}] = 0.5 * w[{r.randrange(self.nw)}] + "
                             f"0.3 * tanh(u[{r.randrange(self.nu)}]);"))
        if self.ng and not re.search(r"^\s*g_w\[.*\] =", text, re.M):
            j = r.randrange(self.ng)
            body.append(Node(f"g_w[{j}] = 0.8 * g_w[{j}] + 0.2 * sin(u[{r.randrange(self.nu)}]);"))
        if self.mptr and "*mp" not in text:
            body += self.st_bound_loop(scope, 1)
        if self.counter_type and not counter_first:
            body.append(self.count_step())
        if self.nw and self.nw == self.nu and r.random() < 0.3:
            regions = ["uw"]
        else:
            regions = ["u"] + (["w"] if self.nw else [])
            r.shuffle(regions)
        if self.nk and r.random() < 0.15:
            regions.append("k")          # read-only memory in the snapshots: harmless
        objective = [Node("double r = 0;"),
                     Node("for (int i = 0; i < NU; i++) {",
                          [Node(f"r += {r.choice([0.3, 0.5, -0.4])} * u[i] * u[i] + "
                                f"{r.choice(['sin', 'tanh', 'atan'])}(u[i] + 0.1 * i);")])]
        if self.nw:
            objective.append(Node("for (int i = 0; i < NW; i++) {",
                                  [Node(f"r += {r.choice([0.2, -0.3])} * cos(w[i]);")]))
        if self.ng:
            objective.append(Node("for (int i = 0; i < NG; i++) {",
                                  [Node("r += 0.7 * g_w[i] * g_w[i];")]))
        objective.append(Node("return r;"))
        ns = sorted({r.randint(0, 12), r.randint(0, 12), r.choice([0, 1, 2, 12])})
        return Program(self.seed, self.nu, self.nw, self.nk, self.values, self.ng,
                       self.counter_type, r.choice([0, 0, 0, 1, 5, -3]),
                       r.choice(["int64_t"] * 4 + ["int"]), ns, regions, self.has_m, self.table,
                       objective, body, self.helpers, self.restrict, self.mptr,
                       # its own draw, so that every other choice of a seed stays as it was
                       "uw" not in regions and random.Random(self.seed * 7919 + 1).random() < 0.3,
                       not self.ng and random.Random(self.seed * 7919 + 2).random() < 0.4)

    def st_map_w_fill(self, scope: Scope) -> list[Node]:
        nodes = self.over(self.nw, scope,
                          lambda inner, i: [Node(f"w[{i}] = {self.bounded(inner)};")])
        scope.arrays.append(("w", self.nw))
        return nodes


def generate(seed: int) -> Program:
    return Generator(seed).program()


# ---- running -------------------------------------------------------------------------------

@dataclass
class Outcome(run.Outcome):
    def regen(self) -> str:
        return (f".venv/bin/python {THIS} --seed {self.seed} --levels {self.level} "
                f"--keep /tmp/ckpt-{self.seed}-{self.level} --shrink")


def run_one(job: tuple) -> Outcome:
    """job: (seed, level, keep, source[, compare]): build and run one program at one level
    (compare: also with enzyme-opt --no-reuse, and compare; the default)."""
    seed, level, keep, source, *rest = job
    compare = rest[0] if rest else True
    source = source or generate(seed).source()
    if keep:
        work = Path(keep)
        work.mkdir(parents=True, exist_ok=True)
        result = run.check_source(source, level, work, compare=compare)
    else:
        with tempfile.TemporaryDirectory(prefix=f"ckpt{seed}") as tmp:
            result = run.check_source(source, level, Path(tmp), compare=compare)
    return Outcome(seed, level, *result)


def where(o: Outcome) -> str:
    """For a wrong run, whom the runtime blames (its first line, checkpoint_runtime.h):
    ``[checkpoint]``, ``[plain-loop]`` or ``[both]`` (AD in general, met in the plain loop or
    in both), ``[primal]``."""
    match = re.match(r"blame=([\w-]+)", o.detail) if o.verdict == "wrong" else None
    return f" [{match.group(1)}]" if match else ""


def summary_line(outcomes: list[Outcome], levels: list[str]) -> str:
    count = collections.Counter(o.verdict for o in outcomes)
    failed = sum(count[c] for c in run.BAD)
    programs = len({o.seed for o in outcomes})
    line = (f"checkpoint fuzz: {programs} programs x {len(levels)} levels: "
            f"{count['passed']} passed, {failed} failed, {count['refused']} refused")
    return line + (f" ({count['discarded']} discarded)" if count["discarded"] else "")


def summarize(outcomes: list[Outcome], levels: list[str]) -> int:
    print()
    run.class_table(outcomes, levels)
    for o in outcomes:
        if o.verdict in run.BAD or o.verdict == "refused":
            print(f"  {o.verdict:8} seed {o.seed} {o.level}{where(o)}: {o.detail[:240]}\n"
                  f"           {o.regen()}")
    compared, discarded, reused = (sum(o.checks[k] for o in outcomes if len(o.checks) > k)
                                   for k in (0, 1, 2))
    print(f"\nchecks: {compared} made, {discarded} finite differences discarded; {reused} AD "
          f"values compared with enzyme-opt --no-reuse's")
    print(summary_line(outcomes, levels))
    return 1 if any(o.verdict in run.BAD for o in outcomes) else 0


def save(o: Outcome, source: str, directory: Path) -> Path:
    return run.save_failing(o, source, directory, "ckpt", THIS)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    run.add_sibling_arguments(ap, LEVELS)
    ap.add_argument("--shrink", action="store_true", help="reduce every failing program")
    ap.add_argument("--save", default=str(SAVE), help="where failing programs go ('' : nowhere)")
    ap.add_argument("--no-compare", action="store_true",
                    help="skip the conservative build (enzyme-opt --no-reuse) and its comparison "
                         "(speed experiments only)")
    args = ap.parse_args(argv)
    if args.print:
        print(generate(args.seed or 0).source(), end="")
        return 0
    levels, jobs = run.sibling_jobs(args)
    outcomes = run.run_all(run_one, jobs, args.jobs, args.quiet)
    status = summarize(outcomes, levels)
    if args.save and not args.source:
        for o in outcomes:
            if o.verdict not in run.BAD:
                continue
            known = Path(args.save) / f"ckpt-{o.seed}-{o.level}.c"
            if known.exists():          # saved (and maybe shrunk by hand) before: kept
                print(f"seed {o.seed} {o.level}: saved before, {known}")
                continue
            program = generate(o.seed)
            if args.shrink:
                import shrink
                with tempfile.TemporaryDirectory(prefix="ckptshrink") as tmp:
                    program = shrink.shrink(program, o.level, o.verdict, Path(tmp),
                                            log=lambda *_: None, detail=o.detail)
            print(f"saved seed {o.seed} {o.level}: {save(o, program.source(), Path(args.save))}")
    return status


if __name__ == "__main__":
    sys.exit(main())
