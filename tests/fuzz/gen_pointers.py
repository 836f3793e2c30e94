"""Pointer shapes for the fuzzers' programs (gen.py, gen_cpp.py): constant data kept by pointer
in shadow memory, and calls through function pointers and virtual calls with active arguments.

Two features that only lit tests covered when this was written:

* **constant data in shadow memory** (run-time activity, enzyme_opt/ad/runtime_activity.py,
  docs/modes.md): target takes ``real *cd`` (NC reals, passed ``enzyme_const``: no shadow;
  fuzz_runtime.h's FUZZ_CDATA) and stores that pointer into memory that has a shadow — a
  ``struct fuzz_mix { real *c; real *x; real w; }`` on the stack or the heap beside an active
  array and an active real, an array of row pointers mixing ``cd`` with active arrays — then
  reads reals back through the stored pointers, in target and in noinline helpers given the
  struct or the rows. The harness checks the gradient as for any program, and that every AD
  call leaves ``cd`` as the primal does. In one cdata program out of eight a value carrying a
  derivative is written into ``cd`` through such a pointer: the derivative must stop when run
  (a line ``enzyme-opt: …``, abort), which run.py counts as a refusal, or be right;
* **calls through function pointers** with active arguments (enzyme_opt/ad/sweeps/indirect.py:
  a function's shadow is a table ``{augment, reverse, forward}``): tables of pointers to small
  helpers of reals (filled by assignment, or in one table in six by an initializer, which
  clang copies from a constant global) indexed in loops by the loop index or by an index
  computed from a real, a pointer chosen by a data-dependent branch, helpers updating an
  active array through a pointer argument, callbacks kept in a struct beside an active real
  (stack or heap) and called by a noinline helper, a function pointer passed to a helper; and
  in C++, virtual calls on a small class hierarchy (members set from active values) through
  arrays of base pointers, heap objects chosen by a branch (``new``/``delete`` and
  ``std::unique_ptr``), a ``const Shape &`` parameter of a noinline helper, and a virtual
  method updating an active array in place. Vector mode refuses such calls, so these programs
  check reverse, split and forward mode at width 1 only (FUZZ_SCALAR_ONLY).

Every choice is drawn from a random stream of the shapes' own (``random.Random`` seeded with
``f"{STREAM} {seed}"``, names numbered from 1000): a program that draws none of the shapes
is the same program as before they existed; one that draws them differs from the first shape
on (what the older statements choose from changes).
"""
from __future__ import annotations

import contextlib
import random

from gen import NX, Node, Scope

NC = 5          # length of the constant data cd (fuzz_runtime.h: NC)
# The name of the shapes' random stream. Any name would do; this one (the first suffix tried
# that does) draws no shape for the seeds that tests/unit/fuzz names (C 0, 1, 3, 4, 5, 6, 8,
# 12, 14, 18, 28, 45; C++ 3, 4, 6, 8), so their programs and the tests' claims about them are
# what they were.
STREAM = "gen_pointers217"

# The C declarations the shapes use, added before the first helper that needs them.
PRELUDES = {
    "mix": ["struct fuzz_mix {", "  real *c;  /* constant data (no shadow) */",
            "  real *x;  /* an active array */", "  real w;", "};"],
    "fn": ["typedef real (*fuzz_fu)(real);", "typedef real (*fuzz_fb)(real, real);",
           "typedef void (*fuzz_fp)(real *, int, real);",
           "typedef real (*fuzz_fr)(const real *, int, real);",
           "struct fuzz_cb {", "  fuzz_fb f;", "  real k;", "};"],
}


class PointerShapes:
    """The shapes of one program, drawn for the generator ``g`` (a gen.Generator)."""

    def __init__(self, g, cpp: bool = False):
        self.g = g
        self.cpp = cpp
        self.rng = random.Random(f"{STREAM} {g.seed}")
        self.counter = 1000
        self.cdata = self.rng.random() < 0.2          # target takes real *cd (enzyme_const)
        self.cdata_write = self.cdata and self.rng.random() < 0.125   # ... and writes into it
        self.fnptr = self.rng.random() < 0.2          # calls through function pointers
        self.virtual = cpp and self.rng.random() < 0.25   # virtual calls (C++)
        # target takes an object made outside it (enzyme_dup, its shadow's table set with
        # __enzyme_virtualreverse): a C++ object (virtual calls) or a struct with a callback
        # (not a float program's callback: __enzyme_virtualreverse makes tables of functions of
        # one float or of doubles only, a documented limit, refused in one line)
        self.ext = (self.virtual or (self.fnptr and g.real == "double")) and \
            self.rng.random() < 0.5
        self.used: set[str] = set()                   # the shapes written (for the tests)
        self.preludes: set[str] = set()
        self.families: dict[str, list[str]] = {}      # fuzz_fu/fb/fp -> helper names

    @property
    def scalar_only(self) -> bool:
        """Calls through function pointers are refused in vector mode: no width checks."""
        return self.fnptr or self.virtual

    @contextlib.contextmanager
    def own_stream(self):
        """Generate with the shapes' random stream and names (the older statements' stream
        and counter are left as they were)."""
        g = self.g
        if g.rng is self.rng:  # nested: a shape's body draws statements, and one is a shape
            yield              # (swapping again gave it the counter of before the outer one:
            return             # names declared twice, `i1017` shadowing an index of w[2])
        saved = g.rng, g.counter
        g.rng, g.counter = self.rng, self.counter
        try:
            yield
        finally:
            self.counter = g.counter
            g.rng, g.counter = saved

    def kinds(self, scope: Scope) -> list[str]:
        if not scope.inputs:                         # target only (cd is its parameter)
            return []
        kinds = []
        if self.cdata:
            kinds += ["cd_struct", "cd_struct", "cd_rows", "cd_rows", "cd_copy", "cd_callee"]
            if self.cdata_write:
                kinds += ["cd_write"]
        if self.fnptr:
            kinds += ["fp_table", "fp_table", "fp_select", "fp_update", "fp_callback", "fp_pass",
                      "fp_callbacks", "fp_reduce"]
        if self.virtual:
            kinds += ["v_stack", "v_stack", "v_heap", "v_ref", "v_factory"]
        if self.ext:
            kinds += ["x_use"]
        return kinds

    def statement(self, scope: Scope, depth: int) -> list[Node] | None:
        """A shape in place of one of the older statements (three times in ten in a program
        that draws shapes), or None."""
        kinds = self.kinds(scope)
        if not kinds or self.rng.random() >= 0.3:
            return None
        with self.own_stream():
            return self.make(self.rng.choice(kinds), scope, depth)

    def finish(self, scope: Scope) -> list[Node]:
        """Statements at the end of target's body for a drawn shape that was not written."""
        nodes: list[Node] = []
        wanted = [("cd_", "cd_struct", self.cdata), ("cd_write", "cd_write", self.cdata_write),
                  ("fp_", "fp_table", self.fnptr), ("v_", "v_stack", self.virtual),
                  ("x_", "x_use", self.ext)]
        with self.own_stream():
            for prefix, kind, drawn in wanted:
                if drawn and not any(u.startswith(prefix) for u in self.used):
                    nodes += self.make(kind, scope, 1)
        return nodes

    def make(self, kind: str, scope: Scope, depth: int) -> list[Node]:
        self.used.add(kind)
        return getattr(self, kind)(scope, depth)

    # ---- small pieces -----------------------------------------------------------------------

    def prelude(self, name: str) -> None:
        if name not in self.preludes:
            self.preludes.add(name)
            self.g.helpers.append(Node("\n".join(PRELUDES[name])))

    def active_array(self, scope: Scope, at_least: int = 1) -> tuple[str, int]:
        """(a pointer expression, its length) of an array that has a shadow."""
        arr, length = self.g.rng.choice([a for a in scope.arrays if a[1] >= at_least]
                                        or scope.arrays)
        return self.g.ptr(arr), length

    def fold(self, scope: Scope, t: str) -> list[Node]:
        """Make t count: mixed into a scalar or an element of out (t joins the scope too)."""
        g = self.g
        scope.scalars.append(t)
        if g.chance(0.5):
            j = g.rng.randrange(3)
            return [Node(f"out[{j}] = 0.7 * out[{j}] + 0.3 * {t};")]
        u = g.rng.choice(scope.scalars[:-1] or [t])
        return [Node(f"{u} = 0.6 * {u} + 0.3 * tanh{g.suffix}({t});")] if u != t else []

    def which(self, count: int, scope: Scope, i: str | None = None) -> str:
        """An index in 0..count-1: from a loop index, or computed from a real (data-dependent)."""
        g = self.g
        if i is not None and g.chance(0.6):
            return f"({i} * {g.rng.choice([1, 2, 5])} + {g.rng.randrange(count)}) % {count}"
        half = (count - 1) / 2
        return f"(int)({half + 0.5} + {half + 0.45} * tanh{g.suffix}({g.expr(scope, 1)}))"

    # ---- constant data in shadow memory -------------------------------------------------------

    def cd_struct(self, scope: Scope, depth: int) -> list[Node]:
        """cd stored in a struct (stack or heap) beside an active array and an active real;
        reals read back through both pointers, in target or in a noinline helper."""
        g = self.g
        self.prelude("mix")
        arr, length = self.active_array(scope)
        m, t = g.fresh("mix"), g.fresh("t")
        heap = g.chance(0.35)
        w = g.bounded(scope)
        if heap:
            nodes = [Node(f"struct fuzz_mix *{m} = (struct fuzz_mix *)malloc(sizeof(struct "
                          f"fuzz_mix));"),
                     Node(f"{m}->c = cd; {m}->x = {arr}; {m}->w = {w};")]
            ref, dot = m, "->"
        else:
            order = g.chance(0.5)
            init = f"{{cd, {arr}, {w}}}" if order else f"{{0, 0, 0}}; {m}.x = {arr}; {m}.c = cd; {m}.w = {w}"
            nodes = [Node(f"struct fuzz_mix {m} = {init};")]
            ref, dot = f"&{m}", "."
        others = [a for a in scope.arrays if a[1] >= NC]
        if others and g.chance(0.25):   # the same field constant data or active data, by a value
            other = g.ptr(g.rng.choice(others)[0])
            nodes.append(Node(f"if ({g.expr(scope, 1)} > 0.2) {{", [Node(f"{m}{dot}c = {other};")]))
        roll = g.rng.random()
        if roll < 0.4:
            name = self.helper("mix_eval")
            if self.fnptr and g.chance(0.5):    # called through a pointer, given the struct
                f = g.fresh("me")
                nodes.append(Node(f"real (*{f})(const struct fuzz_mix *, int) = {name};"))
                name = f
            nodes.append(Node(f"real {t} = {name}({ref}, {length});"))
        elif roll < 0.6:
            name = self.helper("mix_update")
            nodes.append(Node(f"{name}({ref}, {length}, {g.leaf(scope)});"))
            nodes.append(Node(f"real {t} = {m}{dot}x[{g.rng.randrange(length)}] * {m}{dot}c[0];"))
        else:
            i = g.fresh("i")
            inner = scope.child()
            inner.indices.append((i, length))
            inner.scalars.append(t)
            c = f"{m}{dot}c[{i} % {NC}]"
            xi = f"{m}{dot}x[{i}]"
            body = [Node(f"{t} = 0.7 * {t} + 0.3 * {g.rng.choice(['sin', 'tanh', 'atan'])}"
                         f"{g.suffix}({m}{dot}w * {c} + {xi});")]
            if g.chance(0.5):     # write the active array through the struct
                body.append(Node(f"{xi} = 0.8 * {xi} + 0.15 * cos{g.suffix}({c} * {xi});"))
            if g.chance(0.15):    # a constant written into the data (runs: no derivative)
                body.append(Node(f"{c} = {g.rng.choice([0.25, -0.5, 0.75])};"))
            if g.chance(0.3):     # the data read through a pointer loaded from the struct
                p = g.fresh("cp")
                body.insert(0, Node(f"const real *{p} = {m}{dot}c;"))
                body.append(Node(f"{t} += 0.1 * {p}[({i} + 2) % {NC}];"))
            nodes += [Node(f"real {t} = 0;"),
                      Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{", body)]
        if heap:
            nodes.append(Node(f"free({m});"))
        return nodes + self.fold(scope, t)

    def cd_rows(self, scope: Scope, depth: int) -> list[Node]:
        """An array of row pointers mixing cd with active arrays; reals read through every row,
        the active rows written."""
        g = self.g
        count = g.rng.choice([2, 3, 4])
        rows = [self.active_array(scope) for _ in range(count - 1)]
        at = g.rng.randrange(count)
        skip = g.rng.choice([0, 0, 1, 2])        # the constant row, or a pointer into it
        rows.insert(at, (f"cd + {skip}" if skip else "cd", NC - skip))
        width = min(length for _, length in rows)
        name, r, t = g.fresh("rows"), g.fresh("r"), g.fresh("t")
        col = f"({r} + {g.rng.randrange(width)}) % {width}"
        heap = g.chance(0.3)      # the row pointers in the heap, set one by one
        if heap:
            sets = " ".join(f"{name}[{j}] = {p};" for j, (p, _) in enumerate(rows))
            nodes = [Node(f"real **{name} = (real **)malloc(sizeof(real *) * {count}); {sets}")]
        else:
            nodes = [Node(f"real *{name}[{count}] = {{{', '.join(p for p, _ in rows)}}};")]
        nodes.append(Node(f"real {t} = 0;"))
        if g.chance(0.35):
            nodes.append(Node(f"{t} = {self.helper('rows_dot')}({name}, {count}, {width}, "
                              f"{g.leaf(scope)});"))
        else:
            inner = scope.child()
            inner.indices.append((r, count))
            body = [Node(f"{t} = 0.6 * {t} + 0.3 * sin{g.suffix}({name}[{r}][{col}] * "
                         f"{g.leaf(inner)});")]
            if g.chance(0.5):     # only the active rows are written
                body.append(Node(f"if ({r} != {at}) {{", [
                    Node(f"{name}[{r}][{col}] = 0.7 * {name}[{r}][{col}] + 0.2 * "
                         f"tanh{g.suffix}({t});")]))
            nodes.append(Node(f"for (int {r} = 0; {r} < {count}; {r}++) {{", body))
        if self.fnptr and g.chance(0.4):    # a row, maybe the constant one, to a pointer call
            nodes += self.call_reducer(f"{name}[{self.which(count, scope)}]", width, t, scope)
        if heap:
            nodes.append(Node(f"free({name});"))
        return nodes + self.fold(scope, t)

    def cd_copy(self, scope: Scope, depth: int) -> list[Node]:
        """A struct holding cd copied whole (a memcpy at -O0), the copy's pointers used."""
        g = self.g
        self.prelude("mix")
        arr, length = self.active_array(scope)
        m, m2, t = g.fresh("mix"), g.fresh("mix"), g.fresh("t")
        nodes = [Node(f"struct fuzz_mix {m} = {{cd, {arr}, {g.bounded(scope)}}};"),
                 Node(f"struct fuzz_mix {m2} = {m};" if g.chance(0.6) else
                      f"struct fuzz_mix {m2}; memcpy(&{m2}, &{m}, sizeof {m2});"),
                 Node(f"{m2}.w = 0.5 * {m2}.w + 0.25;")]
        if g.chance(0.5):
            nodes.append(Node(f"real {t} = {self.helper('mix_eval')}(&{m2}, {length}) + "
                              f"0.5 * {m}.w * {m2}.c[1];"))
        else:
            k = g.rng.randrange(length)
            nodes.append(Node(f"real {t} = {m2}.x[{k}] * {m2}.c[{k % NC}] + {m}.w * "
                              f"{m}.c[{(k + 1) % NC}];"))
        return nodes + self.fold(scope, t)

    def cd_callee(self, scope: Scope, depth: int) -> list[Node]:
        """cd stored into a struct (stack or heap) by a noinline callee, then read through."""
        g = self.g
        self.prelude("mix")
        arr, length = self.active_array(scope)
        m, t = g.fresh("mix"), g.fresh("t")
        setter = self.helper("mix_set")
        w = g.bounded(scope)
        nodes = [Node(f"struct fuzz_mix {m};"), Node(f"{setter}(&{m}, cd, {arr}, {w});")]
        ref = f"&{m}"
        if g.chance(0.4):
            nodes = [Node(f"struct fuzz_mix *{m} = (struct fuzz_mix *)malloc(sizeof(struct "
                          f"fuzz_mix));"), Node(f"{setter}({m}, cd, {arr}, {w});")]
            ref = m
        if g.chance(0.5):
            nodes.append(Node(f"{self.helper('mix_update')}({ref}, {length}, {g.leaf(scope)});"))
        nodes.append(Node(f"real {t} = {self.helper('mix_eval')}({ref}, {length});"))
        if ref == m:
            nodes.append(Node(f"free({m});"))
        return nodes + self.fold(scope, t)

    def cd_write(self, scope: Scope, depth: int) -> list[Node]:
        """A value that carries a derivative written into cd through a pointer kept in shadow
        memory, by a noinline helper given the struct or by target, then read back: the
        derivative must stop there when run (refused), or be right (where enzyme-opt sees
        the store and the load through the same local struct); never a wrong number."""
        g = self.g
        self.prelude("mix")
        arr, length = self.active_array(scope)
        m, k = g.fresh("mix"), g.rng.randrange(NC)
        nodes = [Node(f"struct fuzz_mix {m} = {{cd, {arr}, {g.bounded(scope)}}};")]
        if g.chance(0.5):
            nodes.append(Node(f"{self.helper('mix_poison')}(&{m}, {k});"))
        else:
            nodes.append(Node(f"{m}.c[{k}] = {m}.w * {m}.x[0];"))
        t = g.fresh("t")
        nodes.append(Node(f"real {t} = {m}.c[{k}];"))
        return nodes + self.fold(scope, t)

    # ---- calls through function pointers ------------------------------------------------------

    def family(self, kind: str) -> list[str]:
        """Two or three helpers of one function-pointer type (made on first use)."""
        if kind in self.families:
            return self.families[kind]
        g = self.g
        self.prelude("fn")
        names = []
        for _ in range(g.rng.choice([2, 3])):
            name = g.fresh(kind.replace("fuzz_", "fn_"))
            inline = "FUZZ_NOINLINE " if g.chance(0.6) else "static "
            if kind == "fuzz_fu":
                head = f"{inline}real {name}(real u) {{"
                body = [Node(f"return {g.bounded_of(['u'])};")]
            elif kind == "fuzz_fb":
                head = f"{inline}real {name}(real u, real v) {{"
                body = [Node(f"return {g.bounded_of(['u', 'v'])} * (0.5 + 0.25 * v);")]
            elif kind == "fuzz_fr":   # a reducer over an array (maybe constant data)
                head = f"{inline}real {name}(const real *p, int m, real c) {{"
                body = [Node("real s = 0;"),
                        Node("for (int i = 0; i < m; i++) {", [
                            Node(f"s = 0.7 * s + 0.3 * {g.bounded_of(['p[i]', 'c', 's'])};")]),
                        Node("return s;")]
            else:   # fuzz_fp: an in-place update of p[k]
                head = f"{inline}void {name}(real *p, int k, real c) {{"
                body = [Node(f"p[k] = {g.self_update('p[k]')} + 0.2 * "
                             f"{g.bounded_of(['p[k]', 'c'])};")]
            g.helpers.append(Node(head, body))
            names.append(name)
        self.families[kind] = names
        return names

    def table(self, kind: str) -> tuple[str, int, list[Node]]:
        """A local table of function pointers: (its name, its length, its statements)."""
        g = self.g
        names = self.family(kind)
        members = [g.rng.choice(names) for _ in range(g.rng.choice([2, 3, 4]))]
        members[:len(names)] = g.rng.sample(names, min(len(names), len(members)))
        tab = g.fresh("tab")
        if g.chance(1 / 6):      # an initializer: clang copies it from a constant global
            return tab, len(members), [Node(f"{kind} {tab}[{len(members)}] = "
                                            f"{{{', '.join(members)}}};")]
        sets = " ".join(f"{tab}[{j}] = {f};" for j, f in enumerate(members))
        return tab, len(members), [Node(f"{kind} {tab}[{len(members)}]; {sets}")]

    def fp_table(self, scope: Scope, depth: int) -> list[Node]:
        """A table of pointers to helpers of reals, called in a loop with active arguments,
        the entry chosen by the loop index or by a value."""
        g = self.g
        kind = g.rng.choice(["fuzz_fu", "fuzz_fb", "fuzz_fb"])
        tab, count, nodes = self.table(kind)
        arr, length = self.active_array(scope)
        i, t = g.fresh("i"), g.fresh("t")
        inner = scope.child(in_loop=True)
        inner.indices.append((i, length))
        inner.scalars.append(t)
        args = f"{arr}[{i}]" if kind == "fuzz_fu" else f"{arr}[{i}], {g.leaf(inner)}"
        call = f"{tab}[{self.which(count, inner, i)}]({args})"
        body = [Node(f"{t} = 0.6 * {t} + 0.3 * {call};")]
        if depth > 0 and g.chance(0.3):
            body += g.statements(inner, 1, depth - 1)
        nodes += [Node(f"real {t} = 0;"), Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{", body)]
        return nodes + self.fold(scope, t)

    def fp_select(self, scope: Scope, depth: int) -> list[Node]:
        """A pointer chosen by a data-dependent branch, called on every element of an array."""
        g = self.g
        names = self.family("fuzz_fu")
        f, i = g.fresh("fp"), g.fresh("i")
        first, second = g.rng.sample(names, 2)
        threshold = g.rng.choice([0.1, -0.2, 0.3])
        arr, length = self.active_array(scope)
        nodes = [Node(f"fuzz_fu {f} = {g.expr(scope, 1)} > {threshold} ? {first} : {second};")]
        if g.chance(0.5):
            nodes.append(Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{", [
                Node(f"{arr}[{i}] = 0.6 * {arr}[{i}] + 0.3 * {f}({arr}[{i}]);")]))
            return nodes
        t = g.fresh("t")
        nodes.append(Node(f"real {t} = {f}({g.expr(scope, 1)});"))
        return nodes + self.fold(scope, t)

    def fp_update(self, scope: Scope, depth: int) -> list[Node]:
        """Helpers updating an active array in place, called through a pointer with the array."""
        g = self.g
        names = self.family("fuzz_fp")
        arr, length = self.active_array(scope)
        if g.chance(0.5):
            tab, count, nodes = self.table("fuzz_fp")
            i = g.fresh("i")
            inner = scope.child()
            inner.indices.append((i, length))
            nodes.append(Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{", [
                Node(f"{tab}[{self.which(count, inner, i)}]({arr}, {i}, {g.leaf(inner)});")]))
            return nodes
        f = g.fresh("fp")
        return [Node(f"fuzz_fp {f} = {g.rng.choice(names)};"),
                Node(f"if ({g.expr(scope, 1)} > 0.2) {{", [Node(f"{f} = {g.rng.choice(names)};")]),
                Node(f"{f}({arr}, {g.rng.randrange(length)}, {g.leaf(scope)});")]

    def fp_callback(self, scope: Scope, depth: int) -> list[Node]:
        """A callback kept in a struct beside an active real (stack or heap), called in a loop
        by a noinline helper."""
        g = self.g
        names = self.family("fuzz_fb")
        cb, t = g.fresh("cb"), g.fresh("t")
        arr, length = self.active_array(scope)
        apply = self.helper("cb_apply")
        k = g.bounded(scope)
        if g.chance(0.35):
            nodes = [Node(f"struct fuzz_cb *{cb} = (struct fuzz_cb *)malloc(sizeof(struct "
                          f"fuzz_cb));"),
                     Node(f"{cb}->f = {g.rng.choice(names)}; {cb}->k = {k};"),
                     Node(f"real {t} = {apply}({cb}, {arr}, {length});"),
                     Node(f"free({cb});")]
        else:
            nodes = [Node(f"struct fuzz_cb {cb} = {{{g.rng.choice(names)}, {k}}};")]
            if g.chance(0.5):
                nodes.append(Node(f"if ({g.expr(scope, 1)} > 0.1) {{",
                                  [Node(f"{cb}.f = {g.rng.choice(names)};")]))
            nodes.append(Node(f"real {t} = {apply}(&{cb}, {arr}, {length});"))
        return nodes + self.fold(scope, t)

    def fp_pass(self, scope: Scope, depth: int) -> list[Node]:
        """A function pointer passed to a noinline helper that calls it on an array."""
        g = self.g
        names = self.family("fuzz_fu")
        arr, length = self.active_array(scope)
        t = g.fresh("t")
        f = g.rng.choice(names) if g.chance(0.5) else \
            f"({g.expr(scope, 1)} > 0.25 ? {names[0]} : {names[-1]})"
        return [Node(f"real {t} = {self.helper('fn_reduce')}({f}, {arr}, {length}, "
                     f"{g.leaf(scope)});")] + self.fold(scope, t)

    def call_reducer(self, pointer: str, length: int, t: str, scope: Scope) -> list[Node]:
        """t updated by a reducer (const real *, int, real) called through a pointer."""
        g = self.g
        names = self.family("fuzz_fr")
        f = g.fresh("fr")
        return [Node(f"fuzz_fr {f} = {g.rng.choice(names)};"),
                Node(f"if ({g.expr(scope, 1)} > 0.1) {{", [Node(f"{f} = {g.rng.choice(names)};")]),
                Node(f"{t} = 0.5 * {t} + 0.4 * {f}({pointer}, {length}, {g.leaf(scope)});")]

    def fp_reduce(self, scope: Scope, depth: int) -> list[Node]:
        """Reducers over an active array called through a pointer (a table or a branch)."""
        g = self.g
        arr, length = self.active_array(scope)
        t = g.fresh("t")
        if g.chance(0.5):
            return [Node(f"real {t} = 0;")] + self.call_reducer(arr, length, t, scope) + \
                self.fold(scope, t)
        tab, count, nodes = self.table("fuzz_fr")
        i = g.fresh("i")
        inner = scope.child()
        inner.indices.append((i, count))
        skip = g.rng.randrange(length)
        nodes += [Node(f"real {t} = 0;"),
                  Node(f"for (int {i} = 0; {i} < {count}; {i}++) {{", [
                      Node(f"{t} = 0.6 * {t} + 0.3 * {tab}[{i}]({arr} + {skip}, "
                           f"{length - skip}, {g.leaf(inner)});")])]
        return nodes + self.fold(scope, t)

    def fp_callbacks(self, scope: Scope, depth: int) -> list[Node]:
        """An array of callback structs (each a pointer and an active weight; stack or heap),
        the entry chosen in a loop; or a heap table of pointers."""
        g = self.g
        names = self.family("fuzz_fb")
        count = g.rng.choice([2, 3])
        cbs, i, t = g.fresh("cbs"), g.fresh("i"), g.fresh("t")
        arr, length = self.active_array(scope)
        inner = scope.child()
        inner.indices.append((i, length))
        inner.scalars.append(t)
        j = self.which(count, inner, i)
        if g.chance(0.3):         # a heap table of bare pointers
            sets = " ".join(f"{cbs}[{e}] = {g.rng.choice(names)};" for e in range(count))
            nodes = [Node(f"fuzz_fb *{cbs} = (fuzz_fb *)malloc(sizeof(fuzz_fb) * {count}); "
                          f"{sets}")]
            call = f"{cbs}[{j}]({arr}[{i}], {t})"
        else:
            heap = g.chance(0.4)
            decl = (f"struct fuzz_cb *{cbs} = (struct fuzz_cb *)malloc(sizeof(struct fuzz_cb) "
                    f"* {count});" if heap else f"struct fuzz_cb {cbs}[{count}];")
            sets = " ".join(f"{cbs}[{e}].f = {g.rng.choice(names)}; {cbs}[{e}].k = "
                            f"{g.bounded(scope)};" for e in range(count))
            nodes = [Node(f"{decl} {sets}")]
            call = f"{cbs}[{j}].k * {cbs}[{j}].f({arr}[{i}], {t})"
            if not heap:
                cbs = None
        nodes += [Node(f"real {t} = 0;"),
                  Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{",
                       [Node(f"{t} = 0.6 * {t} + 0.3 * {call};")])]
        if cbs:
            nodes.append(Node(f"free({cbs});"))
        return nodes + self.fold(scope, t)

    # ---- virtual calls (C++) ------------------------------------------------------------------

    def classes(self) -> None:
        """Shape (abstract: eval, and apply updating an array in place), ShapeA, ShapeB (its own
        apply) and ShapeC (derived from ShapeA, calling ShapeA::eval)."""
        if "classes" in self.preludes:
            return
        self.preludes.add("classes")
        b = self.g.bounded_of
        defs = [
            ("struct Shape {", [
                "virtual real eval(real u) const = 0;",
                "virtual void apply(real *p, int m) const { for (int i = 0; i < m; i++) "
                "p[i] = 0.7 * p[i] + 0.2 * eval(p[i]); }",
                "virtual void feed(real) {}",
                "virtual ~Shape() {}"]),
            ("struct ShapeA : Shape {", [
                "real k;", "explicit ShapeA(real k_) : k(k_) {}",
                f"real eval(real u) const override {{ return k * {b(['u', 'k'])}; }}"]),
            ("struct ShapeB : Shape {", [
                "real k, c;", "ShapeB(real k_, real c_) : k(k_), c(c_) {}",
                f"real eval(real u) const override {{ return {b(['k * u', 'c'])}; }}",
                "void apply(real *p, int m) const override { for (int i = 0; i < m; i++) "
                f"p[i] = 0.6 * p[i] + 0.3 * {b(['c * p[i]', 'k'])}; }}"]),
            ("struct ShapeC : ShapeA {", [
                "explicit ShapeC(real k_) : ShapeA(k_) {}",
                "real eval(real u) const override { return 0.5 * ShapeA::eval(u) + "
                f"0.3 * {b(['u'])}; }}"]),
        ]
        defs.append(("struct ShapeD : Shape {", [   # state of its own, and an array it points to
            "real k, acc; const real *p;",
            "ShapeD(real k_, const real *p_) : k(k_), acc(0), p(p_) {}",
            "void feed(real u) override { acc = 0.7 * acc + 0.3 * "
            f"{b(['u * k', 'p[0]', 'acc'])}; }}",
            f"real eval(real u) const override {{ return acc + 0.5 * {b(['u', 'p[1]'])}; }}"]))
        for head, members in defs:
            self.g.helpers.append(Node(head, [Node(m) for m in members], "};"))

    def new_shape(self, scope: Scope, which: int) -> str:
        """The constructor arguments of ShapeA/B/C (active values or constants)."""
        g = self.g
        arg = lambda: g.bounded(scope) if g.chance(0.7) else str(g.rng.choice([0.5, 0.75, -0.6]))
        return [f"ShapeA({arg()})", f"ShapeB({arg()}, {arg()})", f"ShapeC({arg()})"][which]

    def v_stack(self, scope: Scope, depth: int) -> list[Node]:
        """Objects on the stack, an array of base pointers, virtual calls in a loop with active
        arguments (the entry by the loop index or by a value)."""
        g = self.g
        self.classes()
        count = g.rng.choice([2, 3])
        objs, nodes = [], []
        for _ in range(count):
            o = g.fresh("obj")
            ctor = self.new_shape(scope, g.rng.randrange(3))
            nodes.append(Node(f"{ctor.split('(')[0]} {o}({ctor.split('(', 1)[1]};"))
            objs.append(o)
        arr = g.fresh("shp")
        nodes.append(Node(f"const Shape *{arr}[{count}] = {{{', '.join('&' + o for o in objs)}}};"))
        src, length = self.active_array(scope)
        i, t = g.fresh("i"), g.fresh("t")
        inner = scope.child()
        inner.indices.append((i, length))
        body = [Node(f"{t} = 0.6 * {t} + 0.3 * {arr}[{self.which(count, inner, i)}]->eval("
                     f"{src}[{i}]);")]
        if g.chance(0.3):
            body.append(Node(f"{arr}[{i} % {count}]->apply({src} + {i}, 1);"))
        nodes += [Node(f"real {t} = 0;"), Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{", body)]
        return nodes + self.fold(scope, t)

    def v_heap(self, scope: Scope, depth: int) -> list[Node]:
        """A heap object whose class a branch chooses; a virtual in-place update of an active
        array and a virtual call; deleted (or owned by a std::unique_ptr)."""
        g = self.g
        self.classes()
        h, t = g.fresh("hs"), g.fresh("t")
        first, second = g.rng.sample(range(3), 2)
        choose = (f"{g.expr(scope, 1)} > 0.1 ? (Shape *)new {self.new_shape(scope, first)} : "
                  f"(Shape *)new {self.new_shape(scope, second)}")
        arr, length = self.active_array(scope)
        unique = g.chance(0.4)
        nodes = [Node(f"std::unique_ptr<Shape> {h}({choose});" if unique else
                      f"Shape *{h} = {choose};")]
        if g.chance(0.6):
            nodes.append(Node(f"{h}->apply({arr}, {length});"))
        nodes.append(Node(f"real {t} = {h}->eval({g.expr(scope, 1)});"))
        if not unique:
            nodes.append(Node(f"delete {h};"))
        return nodes + self.fold(scope, t)

    def v_ref(self, scope: Scope, depth: int) -> list[Node]:
        """An object passed as `const Shape &` to a noinline helper calling it in a loop."""
        g = self.g
        self.classes()
        o, t = g.fresh("obj"), g.fresh("t")
        ctor = self.new_shape(scope, g.rng.randrange(3))
        arr, length = self.active_array(scope)
        return [Node(f"{ctor.split('(')[0]} {o}({ctor.split('(', 1)[1]};"),
                Node(f"real {t} = {self.helper('shape_sum')}({o}, {arr}, {length});")] + \
            self.fold(scope, t)

    def v_factory(self, scope: Scope, depth: int) -> list[Node]:
        """A heap object from a noinline factory (its class chosen at run time), fed the
        elements of an active array through a virtual method that changes its state."""
        g = self.g
        self.classes()
        h, i, t = g.fresh("hs"), g.fresh("i"), g.fresh("t")
        arr, length = self.active_array(scope, at_least=2)
        nodes = [Node(f"Shape *{h} = {self.helper('make_shape')}({self.which(4, scope)}, "
                      f"{g.bounded(scope)}, {arr});"),
                 Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{",
                      [Node(f"{h}->feed({arr}[{i}]);")]),
                 Node(f"real {t} = {h}->eval({g.expr(scope, 1)});"),
                 Node(f"delete {h};")]
        return nodes + self.fold(scope, t)

    # ---- an object made outside target ---------------------------------------------------------

    def x_use(self, scope: Scope, depth: int) -> list[Node]:
        """The object target is given (its shadow made by the harness): virtual calls on it, or
        calls of the callback it holds, with active arguments."""
        g = self.g
        arr, length = self.active_array(scope)
        o, i, t = g.fresh("ox"), g.fresh("i"), g.fresh("t")
        if self.virtual:
            self.classes()
            self.ext_maker()
            nodes = [Node(f"const Shape *{o} = (const Shape *)ext;")]
            roll = g.rng.random()
            if roll < 0.3:
                nodes.append(Node(f"{o}->apply({arr}, {length});"))
            if roll > 0.6:
                return nodes + [Node(f"real {t} = {self.helper('shape_sum')}(*{o}, {arr}, "
                                     f"{length});")] + self.fold(scope, t)
            call = f"{o}->eval({arr}[{i}])"
        else:
            self.family("fuzz_fb")
            self.ext_maker()
            nodes = [Node(f"const struct fuzz_cb *{o} = (const struct fuzz_cb *)ext;")]
            if g.chance(0.4):
                return nodes + [Node(f"real {t} = {self.helper('cb_apply')}({o}, {arr}, "
                                     f"{length});")] + self.fold(scope, t)
            call = f"{o}->k * {o}->f({arr}[{i}], {g.leaf(scope)})"
        nodes += [Node(f"real {t} = 0;"),
                  Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{",
                       [Node(f"{t} = 0.6 * {t} + 0.3 * {call};")])]
        return nodes + self.fold(scope, t)

    def ext_maker(self) -> None:
        """fuzz_ext_make(shadow), which fuzz_runtime.h calls for every call of target: a new
        object, or a new shadow (reals zero, the function pointer's or vtable's table)."""
        if "ext" in self.preludes:
            return
        self.preludes.add("ext")
        g = self.g
        k = g.rng.choice([0.8, -0.6, 1.25])
        if self.virtual:
            cls, args, zeros = g.rng.choice([("ShapeA", f"{k}", "0"), ("ShapeB", f"{k}, -0.3",
                                             "0, 0"), ("ShapeC", f"{k}", "0")])
            body = [Node(f"Shape *o = shadow ? (Shape *)new {cls}({zeros}) : "
                         f"(Shape *)new {cls}({args});"),
                    Node("if (shadow) {", [
                        Node("*(void **)o = __enzyme_virtualreverse(*(void **)o);")]),
                    Node("return o;")]
        else:
            f = g.rng.choice(self.families["fuzz_fb"])
            body = [Node("struct fuzz_cb *cb = (struct fuzz_cb *)malloc(sizeof(struct fuzz_cb));"),
                    Node(f"cb->f = shadow ? (fuzz_fb)__enzyme_virtualreverse((void *){f}) : {f};"),
                    Node(f"cb->k = shadow ? 0 : {k};"),
                    Node("return cb;")]
        g.helpers.append(Node("static void *fuzz_ext_make(int shadow) {", body))

    # ---- helpers ------------------------------------------------------------------------------

    def helper(self, kind: str) -> str:
        """A noinline helper of this kind, made on first use."""
        g = self.g
        existing = [name for k, name in g.helper_kinds if k == kind]
        if existing:
            return existing[0]
        name = g.fresh(kind)
        g.helper_kinds.append((kind, name))
        b = g.bounded_of
        if kind == "mix_eval":      # reals read through both pointers kept in the struct
            head = f"FUZZ_NOINLINE real {name}(const struct fuzz_mix *m, int len) {{"
            body = [Node("real s = 0;"),
                    Node("for (int i = 0; i < len; i++) {", [
                        Node(f"s = 0.8 * s + 0.3 * {b(['m->w * m->c[i % NC]', 'm->x[i]', 's'])};")]),
                    Node("return s;")]
        elif kind == "mix_update":  # the active array written through the struct
            head = f"FUZZ_NOINLINE void {name}(struct fuzz_mix *m, int len, real c) {{"
            body = [Node("for (int i = 0; i < len; i++) {", [
                Node(f"m->x[i] = 0.7 * m->x[i] + 0.2 * {b(['m->c[(i + 1) % NC] * m->x[i]', 'c', 'm->w'])};")])]
        elif kind == "mix_set":     # the constant data's pointer stored by a callee
            head = (f"FUZZ_NOINLINE void {name}(struct fuzz_mix *m, real *c, real *x, "
                    f"real w) {{")
            body = [Node("m->c = c; m->x = x; m->w = w;")]
        elif kind == "mix_poison":  # a value carrying a derivative into the constant data
            head = f"FUZZ_NOINLINE void {name}(struct fuzz_mix *m, int k) {{"
            body = [Node("m->c[k] = m->w * m->x[0] + m->c[k];")]
        elif kind == "rows_dot":    # reals read through every row, constant or not
            head = f"FUZZ_NOINLINE real {name}(real *const *rows, int nr, int m, real c) {{"
            body = [Node("real s = 0;"),
                    Node("for (int r = 0; r < nr; r++) {", [
                        Node("for (int j = 0; j < m; j++) {", [
                            Node(f"s = 0.8 * s + 0.2 * {b(['rows[r][j]', 'c', 's'])};")])]),
                    Node("return s;")]
        elif kind == "cb_apply":    # a callback and its weight, both kept in a struct
            head = f"FUZZ_NOINLINE real {name}(const struct fuzz_cb *cb, const real *p, int m) {{"
            body = [Node("real s = 0;"),
                    Node("for (int i = 0; i < m; i++) {", [
                        Node("s = 0.8 * s + 0.3 * cb->k * cb->f(p[i], s);")]),
                    Node("return s;")]
        elif kind == "fn_reduce":   # a function pointer as an argument
            head = f"FUZZ_NOINLINE real {name}(fuzz_fu f, const real *p, int m, real c) {{"
            body = [Node("real s = 0;"),
                    Node("for (int i = 0; i < m; i++) {", [
                        Node("s = 0.7 * s + 0.3 * f(p[i] + 0.5 * c);")]),
                    Node("return s;")]
        elif kind == "make_shape":  # a factory returning a base pointer
            head = f"FUZZ_NOINLINE Shape *{name}(int which, real k, const real *p) {{"
            body = [Node("switch (which) {", [
                Node("case 0: return new ShapeA(k);"), Node("case 1: return new ShapeB(k, p[0]);"),
                Node("case 2: return new ShapeC(k);"), Node("default: return new ShapeD(k, p);")])]
        else:  # "shape_sum": virtual calls through a reference
            head = f"FUZZ_NOINLINE real {name}(const Shape &sh, const real *p, int m) {{"
            body = [Node("real s = 0;"),
                    Node("for (int i = 0; i < m; i++) {", [
                        Node("s = 0.8 * s + 0.3 * sh.eval(p[i]);")]),
                    Node("return s;")]
        g.helpers.append(Node(head, body))
        return name
