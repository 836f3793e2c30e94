"""Seeded generator of random, smooth, self-checking C programs for the differential fuzzer.

Every program defines one function under test,

    real target(real *x, real *out, int n, real a)

(``real`` is ``double`` or ``float``, chosen by the seed) and a ``main`` that checks enzyme-opt's
reverse gradient and forward directional derivatives (widths 1, 2 and 4) of the scalar

    L(x, a, g) = target(x, out, n, a) + sum_j c_j * out_j        (g: the global weights)

against fourth-order central finite differences at two step sizes (``fuzz_runtime.h``).

The body is random but built to stay smooth and well conditioned: every value in scope is
bounded (sums are damped, exponentials take small arguments, logarithms and roots take
``1 + e*e``-style arguments), divisions never happen, indices are always in bounds (loops run
over known array lengths; other indices are reduced modulo the length), and branches test
indices or values whose thresholds a finite-difference step rarely crosses. When one is crossed
anyway, or a kink of ``fabs``/``fmin``/``fmax`` is near, the two finite differences disagree
and the program reports itself as discarded rather than wrong.

Drawn per program, the patterns that found silent wrong derivatives (issue 20): ``__restrict``
on target's pointer parameters and on its helpers'; an argument element read, then overwritten
in place by a nonlinear function of itself, by target or by a noinline callee; a loop bound and
sizes read through ``int *N`` (a parameter passed enzyme_const, NX on entry) and overwritten
after the loop (always with a smaller value: every index stays in bounds), by target or by a
callee; a real's bits moved as an integer through memcpy into heap memory by a noinline callee
and read back as a real; a struct parameter (``struct fuzz_state *s``, enzyme_dup) whose fields
are read, then overwritten, by target and by a callee, its int field ``k`` indexing arrays.
``restrict`` is only written where the pointers never alias: the harness passes distinct arrays,
and a helper with two restrict pointers is given distinct objects or distinct elements.

The program is kept as a tree of ``Node``s so that the shrinker (``shrink.py``) can delete
statements and helpers and print the program again.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

NX = 7          # length of x (the runtime n equals NX)
NO = 3          # length of out
NG = 4          # length of the global weight array g_w (when the program has one)


@dataclass
class Node:
    """One statement or top-level item: a head line, an optional body, a closing line."""
    head: str
    body: list["Node"] | None = None
    tail: str = "}"

    def lines(self, indent: int = 0) -> list[str]:
        pad = "  " * indent
        if self.body is None:
            return [pad + self.head]
        out = [pad + self.head]
        for child in self.body:
            out.extend(child.lines(indent + 1))
        out.append(pad + self.tail)
        return out


@dataclass
class Program:
    seed: int
    real: str                      # "double" or "float"
    has_global: bool
    helpers: list[Node]            # top-level functions before target
    body: list[Node]               # target's body (its last node is the return)
    harness: str                   # main() and the data it uses
    restrict: bool = False         # target's pointer parameters are __restrict
    nptr: bool = False             # target takes int *N (fuzz_runtime.h: FUZZ_NPTR)
    state: bool = False            # target takes struct fuzz_state *s (FUZZ_STATE)
    cdata: bool = False            # target takes real *cd, constant data (gen_pointers.py)
    scalar_only: bool = False      # calls through function pointers: no vector-mode checks
    ext: bool = False              # target takes void *ext, an object made outside it
    shapes: tuple[str, ...] = ()   # the gen_pointers.py shapes the program has

    @property
    def hvp(self) -> bool:
        """Forward over reverse is checked too (fuzz_runtime.h's FUZZ_HVP): in six programs
        of ten without a global or optional parameters (about one program in five), a draw
        of its own (every other choice of a seed stays as it was)."""
        plain = not (self.has_global or self.nptr or self.state or self.cdata or self.ext
                     or self.scalar_only)
        return plain and random.Random(self.seed * 7919 + 3).random() < 0.6

    def signature(self) -> str:
        r = "__restrict " if self.restrict else ""
        params = f"real *{r}x, real *{r}out, int n, real a"
        if self.nptr:
            params += ", int *N"
        if self.cdata:
            params += ", real *cd"
        if self.ext:
            params += ", void *ext"
        if self.state:
            params += f", struct fuzz_state *{r}s"
        return f"FUZZ_NOINLINE real target({params}) {{"

    def source(self) -> str:
        head = [f"/* enzyme-opt fuzz program, seed {self.seed} (tests/fuzz/gen.py) */",
                f"typedef {self.real} real;",
                f"#define REAL_IS_FLOAT {int(self.real == 'float')}",
                f"#define NX {NX}", f"#define NO {NO}", f"#define NG {NG}",
                f"#define HAS_GLOBAL {int(self.has_global)}"]
        head += ["#define FUZZ_NPTR 1"] if self.nptr else []
        head += ["#define FUZZ_STATE 1"] if self.state else []
        head += ["#define FUZZ_CDATA 1"] if self.cdata else []
        head += ["#define FUZZ_SCALAR_ONLY 1"] if self.scalar_only else []
        head += ["#define FUZZ_EXT 1"] if self.ext else []
        head += ["#define FUZZ_HVP 1"] if self.hvp else []
        head += ['#include "fuzz_runtime.h"', ""]
        if self.has_global:
            head += ["real g_w[NG] = {0.7, -0.4, 1.1, 0.3};",
                     "real d_g_w[NG];  /* its shadow: tests/fuzz/run.py adds !enzyme_shadow */", ""]
        text = head
        for helper in self.helpers:
            text += helper.lines() + [""]
        target = Node(self.signature(), self.body)
        text += target.lines() + ["", self.harness]
        return "\n".join(text) + "\n"


@dataclass
class Scope:
    """What a statement may read and write where it is generated."""
    scalars: list[str] = field(default_factory=list)        # real variables (assignable)
    arrays: list[tuple[str, int]] = field(default_factory=list)  # (name, length); writable
    records: list[tuple[str, int]] = field(default_factory=list)  # struct rec arrays
    indices: list[tuple[str, int]] = field(default_factory=list)  # (loop index, its bound)
    inputs: list[str] = field(default_factory=list)             # read-only real parameters
    perms: list[str] = field(default_factory=list)   # int arrays holding a permutation of 0..NX-1
    in_loop: bool = False                            # break/continue allowed here

    def child(self, in_loop: bool | None = None) -> "Scope":
        return Scope(list(self.scalars), list(self.arrays), list(self.records),
                     list(self.indices), list(self.inputs), list(self.perms),
                     self.in_loop if in_loop is None else in_loop)


# Smooth functions with safe arguments: (template, needs two arguments). {0}, {1} are the
# argument expressions, {f} the libm suffix ("" for double, "f" for float).
UNARY = [
    "sin{f}({0})", "cos{f}({0})", "tanh{f}({0})", "atan{f}({0})",
    "exp{f}(0.3 * {0})", "log{f}(1.5 + {0} * {0})", "sqrt{f}(1.0 + {0} * {0})",
    "log1p{f}({0} * {0})", "expm1{f}(0.2 * {0})", "cbrt{f}(2.0 + {0} * {0})",
    "pow{f}(1.2 + {0} * {0}, 0.75)", "erf{f}(0.5 * {0})", "sinh{f}(0.3 * {0})",
    "cosh{f}(0.3 * {0})", "asinh{f}({0})", "exp2{f}(0.25 * {0})",
    "fabs{f}({0})", "(1.0 / (1.5 + {0} * {0}))",
]
BINARY = [
    "({0} + {1})", "({0} - {1})", "({0} * {1})", "(0.5 * {0} * {1})",
    "hypot{f}({0}, 0.7 + {1} * {1})", "atan2{f}({0}, 2.0 + {1} * {1})",
    "fmin{f}({0}, {1})", "fmax{f}({0}, {1})", "({0} / (2.0 + {1} * {1}))",
    "pow{f}(1.1 + {0} * {0}, 0.5 + 0.1 * {1})",
]


class Generator:
    """Builds one program from a seed. Sizes are small: a program is a few dozen lines."""
    cpp = False      # gen_cpp.CppGenerator: C++ (virtual calls among gen_pointers.py's shapes)

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.seed = seed
        self.real = "float" if self.rng.random() < 0.25 else "double"
        self.suffix = "f" if self.real == "float" else ""
        self.has_global = self.rng.random() < 0.3
        self.counter = 0
        self.helpers: list[Node] = []
        self.helper_kinds: list[tuple[str, str]] = []   # (kind, name)
        # issue 20's patterns, drawn per program
        self.restrict = self.rng.random() < 0.4     # __restrict on target's and helpers' pointers
        self.nptr = self.rng.random() < 0.35        # int *N: bounds and sizes through a pointer
        self.state = self.rng.random() < 0.3        # struct fuzz_state *s, enzyme_dup
        self.restrict_helpers: set[str] = set()     # helpers whose pointers are __restrict
        self.alias_of: dict[str, str] = {}          # an array name -> the object it names
        self.pointers = gen_pointers.PointerShapes(self, cpp=self.cpp)   # its own stream

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"{stem}{self.counter}"

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    # ---- expressions ----------------------------------------------------------------------

    def index(self, length: int, scope: Scope) -> str:
        if self.state and scope.inputs and self.chance(0.06):   # target: the state's int field
            return f"(s->k + {self.rng.randrange(length)}) % {length}"
        fitting = [i for i, bound in scope.indices if bound <= length]
        if fitting and self.chance(0.7):
            i = self.rng.choice(fitting)
            return i if self.chance(0.6) else f"({i} + {self.rng.randrange(1, length)}) % {length}"
        if scope.indices and scope.perms and length == NX and self.chance(0.3):
            return f"{self.rng.choice(scope.perms)}[{self.rng.choice(scope.indices)[0]} % {NX}]"
        if scope.indices and self.chance(0.5):
            return f"{self.rng.choice(scope.indices)[0]} % {length}"
        return str(self.rng.randrange(length))

    def leaf(self, scope: Scope) -> str:
        """A variable, an array or record element, a global weight, an input or a constant."""
        choices = [("const", 1)]
        if scope.scalars:
            choices.append(("scalar", 3))
        if scope.inputs:
            choices.append(("input", 2))
        if scope.arrays:
            choices.append(("array", 3))
        if scope.records:
            choices.append(("record", 1))
        if self.has_global and scope.inputs:      # target only: helpers see their arguments
            choices.append(("global", 1))
        kinds, weights = zip(*choices)
        kind = self.rng.choices(kinds, weights)[0]
        if kind == "scalar":
            return self.rng.choice(scope.scalars)
        if kind == "input":
            return self.rng.choice(scope.inputs)
        if kind == "array":
            name, length = self.rng.choice(scope.arrays)
            return f"{name}[{self.index(length, scope)}]"
        if kind == "record":
            name, length = self.rng.choice(scope.records)
            idx = self.index(length, scope)
            return self.rng.choice([f"{name}[{idx}].v", f"{name}[{idx}].w",
                                    f"({name}[{idx}].v * (1 + {name}[{idx}].k))"])
        if kind == "global":
            return f"g_w[{self.index(NG, scope)}]"
        return f"{self.rng.choice([0.5, 0.75, 1.25, -0.6, 0.3, 2.0])}"

    def expr(self, scope: Scope, depth: int = 2) -> str:
        if depth == 0 or self.chance(0.25):
            return self.leaf(scope)
        if self.chance(0.5):
            return self.rng.choice(UNARY).format(self.expr(scope, depth - 1), f=self.suffix)
        return self.rng.choice(BINARY).format(self.expr(scope, depth - 1),
                                              self.expr(scope, depth - 1), f=self.suffix)

    def bounded(self, scope: Scope) -> str:
        """An expression whose value stays small whatever its inputs (tanh/atan/sin)."""
        squash = self.rng.choice(["tanh", "atan", "sin"]) + self.suffix
        return f"{squash}({self.expr(scope)})"

    # ---- statements -----------------------------------------------------------------------

    def statements(self, scope: Scope, count: int, depth: int) -> list[Node]:
        out: list[Node] = []
        for _ in range(count):
            out.extend(self.statement(scope, depth))
        return out

    def statement(self, scope: Scope, depth: int) -> list[Node]:
        """gen_pointers.py's shapes (drawn from their own stream), or the older statements."""
        shape = self.pointers.statement(scope, depth)
        return shape if shape is not None else self.base_statement(scope, depth)

    def base_statement(self, scope: Scope, depth: int) -> list[Node]:
        kinds = ["assign", "assign", "update", "array_write", "array_write", "call", "call",
                 "select"]
        if depth > 0:
            kinds += ["for_const", "for_n", "while", "do", "if_index", "if_value", "switch",
                      "local_array", "vla", "malloc", "records", "heap_records", "perm",
                      "copy", "two_sums", "time_steps", "rows", "int_index"]
            if scope.indices:
                kinds += ["for_tri"]
        if scope.in_loop and scope.indices:
            kinds += ["break_continue"]
        if scope.indices and scope.inputs:           # target only
            kinds += ["early_return"]
        if scope.inputs:                             # target only: issue 20's patterns
            kinds += ["overwrite_arg", "overwrite_arg", "bits_heap"]
            if self.nptr:
                kinds += ["nptr_write"] + (["for_nptr", "for_nptr"] if depth > 0 else [])
            if self.state:
                kinds += ["state_rw", "state_rw"]
        kind = self.rng.choice(kinds)
        return getattr(self, "stmt_" + kind)(scope, depth)

    def stmt_assign(self, scope: Scope, depth: int) -> list[Node]:
        name = self.fresh("t")
        node = Node(f"real {name} = {self.bounded(scope)};")
        scope.scalars.append(name)
        return [node]

    def stmt_update(self, scope: Scope, depth: int) -> list[Node]:
        if not scope.scalars:
            return self.stmt_assign(scope, depth)
        name = self.rng.choice(scope.scalars)
        return [Node(f"{name} = 0.5 * {name} + 0.4 * {self.bounded(scope)};")]

    def stmt_array_write(self, scope: Scope, depth: int) -> list[Node]:
        name, length = self.rng.choice(scope.arrays)
        idx = self.index(length, scope)
        if self.chance(0.5):
            return [Node(f"{name}[{idx}] = {self.bounded(scope)};")]
        return [Node(f"{name}[{idx}] = 0.6 * {name}[{idx}] + 0.3 * {self.bounded(scope)};")]

    def loop(self, header: str, var: str, bound: int, scope: Scope, depth: int) -> list[Node]:
        inner = scope.child(in_loop=True)
        inner.indices.append((var, bound))
        body = self.statements(inner, self.rng.randint(1, 3), depth - 1)
        return [Node(header, body)]

    def stmt_for_const(self, scope: Scope, depth: int) -> list[Node]:
        i = self.fresh("i")
        bound = self.rng.choice([2, 3, 4, NO, NX])
        return self.loop(f"for (int {i} = 0; {i} < {bound}; {i}++) {{", i, bound, scope, depth)

    def stmt_for_n(self, scope: Scope, depth: int) -> list[Node]:
        i = self.fresh("i")
        start = self.rng.choice(["0", "0", "1"])
        return self.loop(f"for (int {i} = {start}; {i} < n; {i}++) {{", i, NX, scope, depth)

    def stmt_for_tri(self, scope: Scope, depth: int) -> list[Node]:
        outer, bound = self.rng.choice(scope.indices)
        j = self.fresh("j")
        return self.loop(f"for (int {j} = 0; {j} <= {outer}; {j}++) {{", j, bound, scope, depth)

    def stmt_while(self, scope: Scope, depth: int) -> list[Node]:
        k = self.fresh("k")
        step = self.rng.choice(["1", f"1 + ({k} % 2)", "2"])
        inner = scope.child(in_loop=False)   # `continue` would skip the increment
        inner.indices.append((k, NX))
        body = self.statements(inner, self.rng.randint(1, 2), depth - 1) + [Node(f"{k} += {step};")]
        return [Node(f"int {k} = 0;"), Node(f"while ({k} < n) {{", body)]

    def stmt_do(self, scope: Scope, depth: int) -> list[Node]:
        k = self.fresh("k")
        bound = self.rng.choice([2, 3, NO])
        inner = scope.child(in_loop=False)   # `continue` would skip the increment
        inner.indices.append((k, bound))
        body = self.statements(inner, self.rng.randint(1, 2), depth - 1) + [Node(f"{k}++;")]
        return [Node(f"int {k} = 0;"), Node("do {", body, f"}} while ({k} < {bound});")]

    def branches(self, head: str, scope: Scope, depth: int) -> list[Node]:
        then = self.statements(scope.child(), self.rng.randint(1, 2), depth - 1)
        if self.chance(0.5):
            return [Node(head, then)]
        other = self.statements(scope.child(), self.rng.randint(1, 2), depth - 1)
        # Two nodes, "if (...) { then }" and "else { other }": the shrinker may drop either.
        return [Node(head, then), Node("else {", other)]

    def stmt_if_index(self, scope: Scope, depth: int) -> list[Node]:
        if scope.indices:
            i, _ = self.rng.choice(scope.indices)
            cond = self.rng.choice([f"{i} % 2 == 0", f"{i} < 3", f"{i} % 3 == 1", f"{i} > 0"])
        else:
            cond = self.rng.choice(["n > 5", "n % 2 == 1"])
        return self.branches(f"if ({cond}) {{", scope, depth)

    def stmt_if_value(self, scope: Scope, depth: int) -> list[Node]:
        threshold = self.rng.choice([0.1, 0.25, -0.2, 0.5])
        return self.branches(f"if ({self.expr(scope, 1)} > {threshold}) {{", scope, depth)

    def stmt_switch(self, scope: Scope, depth: int) -> list[Node]:
        selector = f"{self.rng.choice(scope.indices)[0]} % 3" if scope.indices else "n % 3"
        cases = []
        for label in ["case 0:", "case 1:", "default:"]:
            body = self.statements(scope.child(in_loop=False), 1, depth - 1)
            cases.append(Node(label + " {", body + [Node("break;")]))
        return [Node(f"switch ({selector}) {{", cases)]

    def filled_array(self, decl: str, name: str, length: int, scope: Scope,
                     depth: int, tail: list[Node] | None = None) -> list[Node]:
        i = self.fresh("i")
        inner = scope.child()
        inner.indices.append((i, length))
        fill = Node(f"for (int {i} = 0; {i} < {length if decl != 'vla' else 'n'}; {i}++) {{",
                    [Node(f"{name}[{i}] = {self.bounded(inner)};")])
        scope.arrays.append((name, length))
        return [fill] + self.statements(scope, self.rng.randint(1, 2), depth - 1) + (tail or [])

    def stmt_local_array(self, scope: Scope, depth: int) -> list[Node]:
        name, length = self.fresh("loc"), self.rng.choice([3, 5, NX])
        return [Node(f"real {name}[{length}] = {{0}};")] + self.filled_array("local", name, length,
                                                                      scope, depth)

    def stmt_vla(self, scope: Scope, depth: int) -> list[Node]:
        name = self.fresh("vla")
        return [Node(f"real {name}[n]; memset({name}, 0, sizeof(real) * n);")] + self.filled_array("vla", name, NX, scope, depth)

    def stmt_malloc(self, scope: Scope, depth: int) -> list[Node]:
        name = self.fresh("heap")
        inner = scope.child()
        body = [Node(f"real *{name} = (real *)malloc(sizeof(real) * n); "
                     f"memset({name}, 0, sizeof(real) * n);")]
        body += self.filled_array("vla", name, NX, inner, depth)
        body += self.statements(inner, 1, 0)
        target = self.rng.choice(scope.scalars) if scope.scalars else None
        if target:   # carry a value out of the block before the buffer is freed
            body.append(Node(f"{target} = 0.5 * {target} + 0.3 * {name}[{self.index(NX, inner)}];"))
        body.append(Node(f"free({name});"))
        return [Node("{", body)]

    def record_fill(self, name: str, length: int, scope: Scope, k_of_i: str) -> Node:
        """A loop filling an array of struct rec: two reals, and the int k_of_i ({i}: index)."""
        i = self.fresh("i")
        inner = scope.child()
        inner.indices.append((i, length))
        return Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{", [
            Node(f"{name}[{i}].v = {self.bounded(inner)};"),
            Node(f"{name}[{i}].k = {k_of_i.format(i=i)};"),
            Node(f"{name}[{i}].w = {self.bounded(inner)};")])

    def stmt_records(self, scope: Scope, depth: int) -> list[Node]:
        name, length = self.fresh("rec"), self.rng.choice([3, 4])
        fill = self.record_fill(name, length, scope, "({i} * 7 + 3) % 4")
        scope.records.append((name, length))
        return [Node(f"struct rec {name}[{length}] = {{{{0}}}};"), fill]

    def stmt_select(self, scope: Scope, depth: int) -> list[Node]:
        name = self.fresh("t")
        threshold = self.rng.choice([0.1, -0.3, 0.45])
        node = Node(f"real {name} = {self.expr(scope, 1)} > {threshold} ? {self.bounded(scope)} "
                    f": {self.bounded(scope)};")
        scope.scalars.append(name)
        return [node]

    def stmt_copy(self, scope: Scope, depth: int) -> list[Node]:
        """A local copy of an array made with memcpy (what clang turns struct copies into)."""
        source, length = self.rng.choice(scope.arrays)
        name = self.fresh("cpy")
        scope.arrays.append((name, length))
        if self.nptr and scope.inputs and length == NX and self.chance(0.5):
            # a size read through the pointer (NX, or less once target overwrote *N)
            return [Node(f"real {name}[{length}] = {{0}}; memcpy({name}, {source}, "
                         f"sizeof(real) * *N);")]
        return [Node(f"real {name}[{length}]; memcpy({name}, {source}, sizeof(real) * {length});")]

    def stmt_two_sums(self, scope: Scope, depth: int) -> list[Node]:
        """Two to four reductions in one loop (clang -O2 packs them into one vector: dot plus
        norm), which enzyme-opt splits into scalars again before differentiating
        (ad/prepare/scalarize.py).  The first two are always the dot and the norm; how many
        more, and their terms, come from a stream of their own (``packed``): the program's
        other choices are what they were before they existed (only later names move)."""
        (u, length), (w, _) = self.rng.choice(scope.arrays), self.rng.choice(scope.arrays)
        w = w if dict(scope.arrays)[w] >= length else u
        s1, s2, i = self.fresh("s"), self.fresh("s"), self.fresh("i")
        t = self.fresh("t")
        scope.scalars.append(t)
        packed = random.Random(f"packed {self.seed} {self.counter}")
        terms = [f"{u}[{i}] * {w}[{i}]", f"{u}[{i}] * {u}[{i}]"]
        extra = [f"{w}[{i}] * {w}[{i}]", f"{u}[{i}] * {w}[({i} + 1) % {length}]",
                 f"({u}[{i}] - {w}[{i}]) * {packed.uniform(0.2, 0.9):.3f}",
                 f"{u}[{i}] * {w}[{i}] * {u}[{i}]", f"-{w}[{i}] * {u}[{i}]"]
        terms += packed.sample(extra, packed.choice((0, 0, 1, 2)))
        sums = [s1, s2] + [self.fresh("s") for _ in terms[2:]]
        body = [Node(f"{s} += {term};") for s, term in zip(sums, terms)]
        # n (NX at run time) keeps the loop a loop: clang unrolls one of 7 fully
        bound = "n" if length == NX and packed.random() < 0.7 else str(length)
        tail = " + ".join(f"{0.1 * (k + 1):.1f} * sqrt{self.suffix}(1.0 + {s} * {s})"
                          for k, s in enumerate(sums[2:]))
        value = f"0.1 * {s1} + 0.2 * sqrt{self.suffix}(1.0 + {s2})" + (f" + {tail}" if tail else "")
        return [Node(f"real {' = 0, '.join(sums)} = 0;"),
                Node(f"for (int {i} = 0; {i} < {bound}; {i}++) {{", body),
                Node(f"real {t} = {value};")]

    def stmt_heap_records(self, scope: Scope, depth: int) -> list[Node]:
        name, length = self.fresh("hrec"), self.rng.choice([3, 4])
        fill = self.record_fill(name, length, scope, "{i} % 2")
        block = scope.child()
        block.records.append((name, length))
        body = [Node(f"struct rec *{name} = (struct rec *)malloc(sizeof(struct rec) * {length}); "
                     f"memset({name}, 0, sizeof(struct rec) * {length});"),
                fill] + self.statements(block, self.rng.randint(1, 2), depth - 1)
        if scope.scalars:
            t = self.rng.choice(scope.scalars)
            body.append(Node(f"{t} = 0.5 * {t} + 0.3 * {name}[{self.index(length, block)}].w;"))
        return [Node("{", body + [Node(f"free({name});")])]

    def stmt_time_steps(self, scope: Scope, depth: int) -> list[Node]:
        """A time-stepping loop over ping-pong buffers swapped through pointers (a stencil)."""
        source = self.rng.choice([name for name, length in scope.arrays if length == NX])
        a, b, cur, nxt = (self.fresh(stem) for stem in ("bufa", "bufb", "cur", "nxt"))
        step, i = self.fresh("s"), self.fresh("i")
        steps = self.rng.choice([3, 10, 25])
        update = (f"{nxt}[{i}] = {cur}[{i}] + 0.1 * ({cur}[({i} + n - 1) % n] - 2 * {cur}[{i}] "
                  f"+ {cur}[({i} + 1) % n]) + 0.05 * tanh{self.suffix}({cur}[{i}]);")
        body = [Node(f"real {a}[{NX}], {b}[{NX}];"),
                Node(f"real *{cur} = {a}, *{nxt} = {b};"),
                Node(f"for (int {i} = 0; {i} < n; {i}++) {{", [Node(f"{cur}[{i}] = {source}[{i}];")]),
                Node(f"for (int {step} = 0; {step} < {steps}; {step}++) {{", [
                    Node(f"for (int {i} = 0; {i} < n; {i}++) {{", [Node(update)]),
                    Node(f"real *swap = {cur}; {cur} = {nxt}; {nxt} = swap;")])]
        target = self.rng.choice(scope.arrays)
        idx = self.index(target[1], scope)
        body.append(Node(f"{target[0]}[{idx}] = 0.5 * {target[0]}[{idx}] + 0.3 * {cur}[{idx} % {NX}];"))
        return [Node("{", body)]

    def stmt_rows(self, scope: Scope, depth: int) -> list[Node]:
        """An array of row pointers (a real** matrix made of other arrays), written through."""
        rows = [self.rng.choice(scope.arrays) for _ in range(3)]
        width = min(length for _, length in rows)
        name, r = self.fresh("rows"), self.fresh("r")
        inner = scope.child()
        inner.indices.append((r, 3))
        col = f"({r} + {self.rng.randrange(width)}) % {width}"
        return [Node(f"real *{name}[3] = {{{', '.join(n for n, _ in rows)}}};"),
                Node(f"for (int {r} = 0; {r} < 3; {r}++) {{", [
                    Node(f"{name}[{r}][{col}] = 0.7 * {name}[{r}][{col}] + 0.2 * "
                         f"{self.bounded(inner)};")])]

    def stmt_int_index(self, scope: Scope, depth: int) -> list[Node]:
        """An index computed from a real (fptosi): piecewise constant, no derivative through it."""
        q, t = self.fresh("q"), self.fresh("t")
        arr, length = self.rng.choice(scope.arrays)
        nodes = [Node(f"int {q} = (int)(3.0 + 2.5 * tanh{self.suffix}({self.expr(scope, 1)}));"),
                 Node(f"real {t} = {arr}[{q} % {length}];")]
        scope.scalars.append(t)
        return nodes

    def stmt_perm(self, scope: Scope, depth: int) -> list[Node]:
        """An int array holding a permutation of 0..NX-1: indirect indexing (gathers)."""
        name, mult = self.fresh("perm"), self.rng.choice([2, 3, 4, 5])
        i = self.fresh("i")
        scope.perms.append(name)
        return [Node(f"int {name}[{NX}] = {{0}};"),
                Node(f"for (int {i} = 0; {i} < {NX}; {i}++) {{",
                     [Node(f"{name}[{i}] = ({i} * {mult} + 1) % {NX};")])]

    def stmt_break_continue(self, scope: Scope, depth: int) -> list[Node]:
        i, bound = scope.indices[-1]
        word = self.rng.choice(["break", "continue"])
        return [Node(f"if ({i} == {self.rng.randrange(max(1, bound))}) {{", [Node(f"{word};")])]

    def stmt_early_return(self, scope: Scope, depth: int) -> list[Node]:
        i, bound = self.rng.choice(scope.indices)
        return [Node(f"if ({i} == {bound + self.rng.choice([-1, 0, 5])}) {{",
                     [Node(f"return {self.bounded(scope)};")])]

    # ---- issue 20's patterns ----------------------------------------------------------------

    # a nonlinear update of a value by itself that stays bounded (|result| <= |v| or so): its
    # derivative needs the value before the update
    SELF_UPDATES = ["0.6 * {v} * cos{f}({v})", "{v} * (0.5 + 0.3 * tanh{f}({v}))",
                    "0.8 * sin{f}({v})", "0.5 * {v} * {v} * {v} / (1.0 + {v} * {v})"]

    def self_update(self, v: str) -> str:
        return self.rng.choice(self.SELF_UPDATES).format(v=v, f=self.suffix)

    def nonlinear_read(self, v: str, scope: Scope) -> str:
        """A bounded expression whose derivative needs the value of v."""
        squash = self.rng.choice(["sin", "tanh", "cos", "atan"]) + self.suffix
        return f"{squash}({v} * {self.leaf(scope)} + {self.leaf(scope)})"

    def root(self, name: str) -> str:
        """The object an array name stands for (a C++ reference names another's)."""
        while name in self.alias_of:
            name = self.alias_of[name]
        return name

    def helper_pointer(self) -> str:
        """`__restrict ` for a new helper's pointers (when the program draws restrict)."""
        return "__restrict " if self.restrict and self.chance(0.7) else ""

    def stmt_overwrite_arg(self, scope: Scope, depth: int) -> list[Node]:
        """An argument element read (nonlinearly), then overwritten in place by a nonlinear
        function of itself: by target, or by a noinline callee (`p[k] = g(p[k], c)`)."""
        args = [a for a in scope.arrays if a[0] in ("x", "s->w")]
        arr, length = self.rng.choice(args) if args and self.chance(0.8) else \
            self.rng.choice(scope.arrays)
        k = self.index(length, scope)
        t = self.fresh("t")
        nodes = [Node(f"real {t} = {self.nonlinear_read(f'{arr}[{k}]', scope)};")]
        scope.scalars.append(t)
        if self.chance(0.5):
            v = f"{arr}[{k}]"
            nodes.append(Node(f"{v} = {self.self_update(v)} + 0.2 * {self.bounded(scope)};"))
        else:
            name = self.helper("update_at")
            nodes.append(Node(f"{name}({self.ptr(arr)}, {k}, {self.leaf(scope)});"))
        return nodes

    def ptr(self, name: str) -> str:
        return name

    def stmt_bits_heap(self, scope: Scope, depth: int) -> list[Node]:
        """A real's bits moved as an integer (memcpy) into heap memory by a noinline callee,
        read back as a real."""
        d, b, h, t = (self.fresh(stem) for stem in ("d", "b", "hb", "t"))
        k = self.rng.randrange(3)
        nodes = [Node(f"real {d} = {self.bounded(scope)};"),
                 Node(f"fuzz_bits {b}; memcpy(&{b}, &{d}, sizeof {b});")]
        if self.chance(0.5):      # the callee allocates, stores the real, returns the memory
            name = self.helper("bits_alloc")
            nodes.append(Node(f"real *{h} = {name}({b}, 3, {k});"))
        else:                     # the callee stores into the caller's heap memory
            name = self.helper("bits_store")
            nodes += [Node(f"real *{h} = (real *)malloc(sizeof(real) * 3); "
                           f"memset({h}, 0, sizeof(real) * 3);"),
                      Node(f"{name}({h}, {k}, {b});")]
        use = self.rng.choice([f"{h}[{k}]", f"0.5 * {h}[{k}] + 0.3 * sin{self.suffix}({h}[{k}])"])
        nodes.append(Node(f"real {t} = {use}; free({h});"))
        scope.scalars.append(t)
        return nodes

    def stmt_for_nptr(self, scope: Scope, depth: int) -> list[Node]:
        """A loop bounded by *N, then (half the time) *N overwritten after it."""
        i = self.fresh("i")
        nodes = self.loop(f"for (int {i} = 0; {i} < *N; {i}++) {{", i, NX, scope, depth)
        if self.chance(0.5):
            nodes += self.stmt_nptr_write(scope, depth)
        return nodes

    def stmt_nptr_write(self, scope: Scope, depth: int) -> list[Node]:
        """*N overwritten with a smaller value (every later bound or size stays in bounds)."""
        if self.chance(0.3):
            name = self.helper("set_n")
            return [Node(f"{name}(N, {self.rng.choice([1, 2, 3, 5])});")]
        return [Node(f"*N = {self.rng.choice([1, 2, 3, 5])};")]

    def stmt_state_rw(self, scope: Scope, depth: int) -> list[Node]:
        """The struct parameter's fields read (nonlinearly, and k as an index), then
        overwritten: by target, or by a noinline callee."""
        field = self.rng.choice(["s->u", "s->v", "s->w[0]", "s->w[1]"])
        t = self.fresh("t")
        roll = self.rng.random()
        if roll < 0.35:
            nodes = [Node(f"real {t} = {self.nonlinear_read(field, scope)};"),
                     Node(f"{field} = {self.self_update(field)} + 0.2 * {self.bounded(scope)};")]
        elif roll < 0.65:        # k indexes x, then changes: the reverse needs the old index
            j = self.rng.randrange(NX)
            nodes = [Node(f"real {t} = {self.nonlinear_read(f'x[(s->k + {j}) % {NX}]', scope)};"),
                     Node(f"s->k = (s->k + {self.rng.choice([1, 2])}) % 3;")]
        else:
            name = self.helper("update_state")
            nodes = [Node(f"real {t} = {self.nonlinear_read(field, scope)};"),
                     Node(f"{name}(s, {self.leaf(scope)});")]
        scope.scalars.append(t)
        return nodes

    # ---- helpers (noinline functions taking pointers) -------------------------------------

    def helper(self, kind: str) -> str:
        """A helper of this kind, made on first use, reused after (so it can be called twice)."""
        existing = [name for k, name in self.helper_kinds if k == kind]
        if existing and self.chance(0.5):
            return self.rng.choice(existing)
        name = self.fresh(kind)
        self.helper_kinds.append((kind, name))
        r = self.helper_pointer()
        if r:
            self.restrict_helpers.add(name)
        if kind == "reduce":
            body = [Node("real s = 0;"),
                    Node("for (int i = 0; i < m; i++) {",
                         [Node(f"s = 0.8 * s + 0.3 * {self.bounded_of(['p[i]', 's', 'c'])};")]),
                    Node("return s;")]
            head = f"FUZZ_NOINLINE real {name}(const real *{r}p, int m, real c) {{"
        elif kind == "reduce_n":   # the bound read through a pointer, maybe overwritten after
            body = [Node("real s = 0;"),
                    Node("for (int i = 0; i < *m; i++) {",
                         [Node(f"s = 0.8 * s + 0.3 * {self.bounded_of(['p[i]', 's', 'c'])};")])]
            if self.chance(0.5):
                body.append(Node(f"*m = {self.rng.choice([1, 2, 3])};"))
            body.append(Node("return s;"))
            head = f"FUZZ_NOINLINE real {name}(const real *{r}p, int *{r}m, real c) {{"
        elif kind == "set_n":
            body = [Node("if (*m > v) {", [Node("*m = v;")])]
            head = f"FUZZ_NOINLINE void {name}(int *m, int v) {{"
        elif kind == "update_at":  # p[k] read, then overwritten by a function of itself
            body = [Node("real old = p[k];"),
                    Node(f"p[k] = {self.self_update('p[k]')} + 0.2 * "
                         f"{self.bounded_of(['old', 'c'])};")]
            head = f"FUZZ_NOINLINE void {name}(real *{r}p, int k, real c) {{"
        elif kind == "axpy":       # two arrays: distinct objects (restrict or not)
            body = [Node("for (int i = 0; i < m; i++) {",
                         [Node(f"dst[i] = 0.7 * dst[i] + 0.3 * "
                               f"{self.bounded_of(['src[i]', 'dst[i]', 'c'])};")])]
            head = (f"FUZZ_NOINLINE void {name}(real *{r}dst, const real *{r}src, int m, "
                    f"real c) {{")
        elif kind == "bits_alloc":  # a real's bits in, stored as a real into fresh memory
            body = [Node("real *q = (real *)malloc(sizeof(real) * m); "
                         "memset(q, 0, sizeof(real) * m);"),
                    Node("real v; memcpy(&v, &b, sizeof v);"),
                    Node("q[k] = v;"),
                    Node("return q;")]
            head = f"FUZZ_NOINLINE real *{name}(fuzz_bits b, int m, int k) {{"
        elif kind == "bits_store":  # a real's bits in, stored as a real into the caller's heap
            body = [Node("real v; memcpy(&v, &b, sizeof v);"),
                    Node("heap[k] = v;")]
            head = f"FUZZ_NOINLINE void {name}(real *{r}heap, int k, fuzz_bits b) {{"
        elif kind == "update_state":  # the struct's fields read, then overwritten
            body = [Node("real old = st->u;"),
                    Node(f"st->u = {self.self_update('st->u')} + 0.2 * "
                         f"{self.bounded_of(['st->v', 'c'])};"),
                    Node(f"st->v = 0.5 * st->v + 0.3 * {self.bounded_of(['old', 'st->w[st->k % 2]'])};"),
                    Node(f"st->w[st->k % 2] = {self.self_update('st->w[st->k % 2]')};"),
                    Node("st->k = (st->k + 1) % 3;")]
            head = f"FUZZ_NOINLINE void {name}(struct fuzz_state *{r}st, real c) {{"
        elif kind == "outparams":
            body = [Node(f"*o1 = {self.bounded_of(['u', 'v'])};"),
                    Node(f"*o2 = {self.bounded_of(['u', 'v', '*o1'])};")]
            head = f"FUZZ_NOINLINE void {name}(real u, real v, real *{r}o1, real *{r}o2) {{"
        elif kind == "recursive":
            body = [Node("if (d <= 0) {", [Node("return v;")]),
                    Node(f"return 0.6 * {name}({self.bounded_of(['v'])}, d - 1) + 0.3 * v;")]
            head = f"FUZZ_NOINLINE real {name}(real v, int d) {{"
        elif kind == "allocate":
            body = [Node("real *q = (real *)malloc(sizeof(real) * (m + 2)); "
                         "memset(q, 0, sizeof(real) * (m + 2));"),
                    Node("q[m] = c; q[m + 1] = 0.5 * c;"),
                    Node("for (int i = 0; i < m; i++) {",
                         [Node(f"q[i] = {self.bounded_of(['p[i]', 'c'])};")]),
                    Node("return q;")]
            head = f"FUZZ_NOINLINE real *{name}(const real *{r}p, int m, real c) {{"
        elif kind == "pair":
            body = [Node("struct pair r = {0, 0};"),
                    Node(f"r.p = {self.bounded_of(['u', 'v[0]'])};"),
                    Node(f"r.q = {self.bounded_of(['r.p', 'v[1]', 'u'])};"),
                    Node("return r;")]
            head = f"FUZZ_NOINLINE struct pair {name}(real u, const real *{r}v) {{"
        elif kind == "records":
            body = [Node("for (int i = 0; i < m; i++) {",
                         [Node(f"r[i].w = 0.5 * r[i].w + 0.3 * {self.bounded_of(['r[i].v', 'c'])};"),
                          Node("r[i].k = (r[i].k + 1) % 3;")])]
            head = f"FUZZ_NOINLINE void {name}(struct rec *{r}r, int m, real c) {{"
        else:  # "inplace"
            body = [Node("for (int i = 0; i < m; i++) {",
                         [Node(f"p[i] = 0.7 * p[i] + 0.3 * {self.bounded_of(['p[i]', 'c'])};")])]
            head = f"FUZZ_NOINLINE void {name}(real *{r}p, int m, real c) {{"
        self.helpers.append(Node(head, body))
        return name

    def bounded_of(self, names: list[str]) -> str:
        return self.bounded(Scope(scalars=list(names)))

    def array_argument(self, scope: Scope) -> tuple[str, str]:
        """(pointer, length) for a helper: a whole array, or its tail (aliasing a suffix)."""
        arr, length = self.rng.choice(scope.arrays)
        count = "n" if length == NX else str(length)
        if length > 2 and self.chance(0.3):
            skip = self.rng.randrange(1, length - 1)
            return f"{arr} + {skip}", f"{count} - {skip}"
        return arr, count

    def stmt_call(self, scope: Scope, depth: int) -> list[Node]:
        kinds = ["reduce", "outparams", "inplace", "recursive", "allocate", "pair", "axpy"]
        if self.nptr and scope.inputs:
            kinds += ["reduce_n"]
        kind = self.rng.choice(kinds + (["records"] if scope.records else []))
        if kind == "axpy":
            return self.call_axpy(scope)
        if kind == "reduce_n":
            arr = self.rng.choice([a for a, length in scope.arrays if length >= NX])
            t = self.fresh("t")
            node = Node(f"real {t} = {self.helper(kind)}({self.ptr(arr)}, N, {self.leaf(scope)});")
            scope.scalars.append(t)            # after its initializer: it cannot read itself
            return [node]
        name = self.helper(kind)
        pointer, count = self.array_argument(scope)
        if kind in ("reduce", "recursive"):
            t = self.fresh("t")
            call = (f"{name}({pointer}, {count}, {self.leaf(scope)})" if kind == "reduce"
                    else f"{name}({self.leaf(scope)}, {self.rng.randint(0, 3)})")
            scope.scalars.append(t)
            return [Node(f"real {t} = {call};")]
        if kind == "outparams":
            args = f"{self.expr(scope, 1)}, {self.leaf(scope)}"
            if self.chance(0.4):      # write straight into array elements
                arr, length = self.rng.choice(scope.arrays)
                first = self.index(length, scope)
                second = self.index(length, scope)
                if name in self.restrict_helpers:   # restrict: two distinct elements
                    second = f"(({first}) + {self.rng.randrange(1, length)}) % {length}"
                return [Node(f"{name}({args}, &{arr}[{first}], &{arr}[{second}]);")]
            o1, o2 = self.fresh("t"), self.fresh("t")
            scope.scalars += [o1, o2]
            return [Node(f"real {o1} = 0, {o2} = 0;"), Node(f"{name}({args}, &{o1}, &{o2});")]
        if kind == "allocate":      # a helper returning fresh memory (an allocation wrapper)
            buf, t = self.fresh("buf"), self.fresh("t")
            nodes = [Node(f"real *{buf} = {name}({pointer}, {count}, {self.leaf(scope)});"),
                     Node(f"real {t} = 0.5 * {buf}[0] + 0.25 * {buf}[1]; free({buf});")]
            scope.scalars.append(t)
            return nodes
        if kind == "pair":         # a struct of two reals returned by value
            pair, t = self.fresh("pr"), self.fresh("t")
            nodes = [Node(f"struct pair {pair} = {name}({self.expr(scope, 1)}, {pointer});"),
                     Node(f"real {t} = 0.5 * {pair}.p + 0.3 * {pair}.q;")]
            scope.scalars.append(t)
            return nodes
        if kind == "records":
            recs, length = self.rng.choice(scope.records)
            return [Node(f"{name}({recs}, {length}, {self.leaf(scope)});")]
        return [Node(f"{name}({pointer}, {count}, {self.leaf(scope)});")]

    def call_axpy(self, scope: Scope) -> list[Node]:
        """dst[i] = f(dst[i], src[i]) over two distinct objects (a restrict helper's pair)."""
        pairs = [(d, s) for d in scope.arrays for s in scope.arrays
                 if self.root(d[0]) != self.root(s[0])]
        (dst, dlen), (src, slen) = self.rng.choice(pairs)
        m = min(dlen, slen)
        count = "n" if m == NX and self.chance(0.6) else str(m)
        if m == NX and self.nptr and self.chance(0.4):
            count = "*N"
        return [Node(f"{self.helper('axpy')}({self.ptr(dst)}, {self.ptr(src)}, {count}, "
                     f"{self.leaf(scope)});")]

    # ---- the whole program ----------------------------------------------------------------

    def program(self) -> Program:
        arrays = [("x", NX), ("out", NO)] + ([("g_w", NG)] if self.has_global else [])
        scalars = []
        if self.state:
            arrays.append(("s->w", 2))
            scalars += ["s->u", "s->v"]
        scope = Scope(arrays=arrays, inputs=["a"], scalars=scalars)
        body = [Node(f"for (int j = 0; j < {NO}; j++) {{", [Node("out[j] = 0.1 * j;")])]
        body += self.statements(scope, self.rng.randint(3, 7), depth=self.rng.choice([2, 2, 3]))
        # a program drawn with *N or the state uses them: a loop bounded by *N, then *N
        # overwritten; a field read, then overwritten (each somewhere among the statements)
        # (appended: what they read is declared by then)
        text = "\n".join(line for node in body for line in node.lines())
        if self.nptr and "< *N" not in text:
            body += self.stmt_for_nptr(scope, 1)
        if self.nptr and not ("*N = " in text or "(N, " in text):
            body += self.stmt_nptr_write(scope, 0)
        if self.state and "s->" not in text:
            body += self.stmt_state_rw(scope, 0)
        body += self.pointers.finish(scope)     # a drawn shape that no statement wrote
        final_terms = [self.bounded(scope) for _ in range(2)]
        for j in range(NO):
            if self.chance(0.6):
                body.append(Node(f"out[{j}] += {self.bounded(scope)};"))
        body.append(Node(f"return {' + '.join(final_terms)};"))
        return Program(self.seed, self.real, self.has_global, self.helpers, body, HARNESS,
                       self.restrict, self.nptr, self.state, self.pointers.cdata,
                       self.pointers.scalar_only, self.pointers.ext,
                       tuple(sorted(self.pointers.used)))


def generate(seed: int) -> Program:
    return Generator(seed).program()


import gen_pointers  # noqa: E402  (it imports Node, Scope and NX from this module)


# The checking main(): the same for every program; the data comes from the seed through
# FUZZ_SEED so that one binary is fully determined by its source.
HARNESS = """int main(void) { return fuzz_check_all(); }"""


if __name__ == "__main__":
    import sys
    print(generate(int(sys.argv[1]) if len(sys.argv) > 1 else 0).source(), end="")
