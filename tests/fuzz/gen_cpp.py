"""The C++ dialect of the fuzzer: seeded random, smooth, self-checking C++ programs.

Same contract and checks as gen.py (``real target(real *x, real *out, int n, real a)``, checked
by fuzz_runtime.h against finite differences; ``real`` is ``double`` or ``float`` per seed), and
the same statements, mixed with C++ library code and language features:

* ``std::vector<real>`` locals built from arrays (range and copy construction, ``push_back``
  past the capacity, an initializer list, a noinline helper returning one by value), then
  reshaped: ``insert`` (one, n copies, a range) in the middle, ``erase``, ``resize`` both
  ways, ``assign``, ``pop_back``, ``emplace_back``, ``swap`` with another vector,
  ``std::copy``, ``std::reverse``, ``std::rotate``, ``std::sort``, ``std::transform``,
  ``std::partial_sum``/``std::adjacent_difference``; references to whole vectors;
* ``std::array``, ``std::unique_ptr<real[]>`` (``new real[]()`` and ``make_unique``),
  ``new[]``/``delete[]`` blocks, ``make_unique`` of a class;
* references: ``real &`` aliases of elements, ``real &`` out-parameters of noinline helpers
  bound to elements, ``const std::vector<real> &`` and ``std::vector<real> &`` parameters;
* classes: ``Vec2`` (constructor, ``+ - *`` and ``+= *=``, ``dot``, a mutating ``rotate``,
  passed and returned by value), ``Smoother`` (private state, a noinline member), ``Poly``
  (a ``std::vector`` member, copied with its class);
* function templates instantiated with ``real`` (on scalars, and on containers through
  range-for), lambdas capturing by reference called in loops (mapping, accumulating,
  writing to captured arrays), range-for loops by reference and by value with random bodies;
* ``std::accumulate`` (with and without an operation), ``std::inner_product``,
  ``std::min``/``std::max``/``std::clamp``, ``std::max_element`` (kinks: discarded like
  ``fmin``/``fmax`` when one is near).

Every vector's length is known here when the program is generated, so every index stays in
bounds; a vector changes length only in the group of statements that creates it (a ``Group``,
which the shrinker deletes whole or not at all). Values stay bounded as in gen.py.

    python3 tests/fuzz/gen_cpp.py 17        # print program 17
"""
from __future__ import annotations

import dataclasses

import gen
from gen import NX, Node, Scope

INCLUDES = ["#include <algorithm>", "#include <array>", "#include <cmath>", "#include <memory>",
            "#include <numeric>", "#include <utility>", "#include <vector>"]


class Atomic(Node):
    """A node the shrinker deletes whole or keeps whole (shrink.py does not enter it)."""
    atomic = True


class Group(Atomic):
    """Statements printed one after another at the same level (no braces), kept together:
    they make one container whose length the rest of the program relies on."""

    def __init__(self, body: list[Node]):
        super().__init__("", body, "")

    def lines(self, indent: int = 0) -> list[str]:
        out: list[str] = []
        for child in self.body:
            out.extend(child.lines(indent))
        return out


@dataclasses.dataclass
class CppProgram(gen.Program):
    def source(self) -> str:
        text = super().source().replace("(tests/fuzz/gen.py)", "(tests/fuzz/gen_cpp.py, C++)", 1)
        include = '#include "fuzz_runtime.h"\n'
        return text.replace(include, include + "\n".join(INCLUDES) + "\n", 1)


# Class definitions, added before the first helper or statement that uses them.
CLASSES = {
    "Vec2": ("struct Vec2 {", [
        "real x, y;",
        "Vec2(real x_, real y_) : x(x_), y(y_) {}",
        "Vec2 operator+(const Vec2 &o) const { return Vec2(x + o.x, y + o.y); }",
        "Vec2 operator-(const Vec2 &o) const { return Vec2(x - o.x, y - o.y); }",
        "Vec2 operator*(real s) const { return Vec2(x * s, y * s); }",
        "Vec2 &operator+=(const Vec2 &o) { x += o.x; y += o.y; return *this; }",
        "Vec2 &operator*=(real s) { x *= s; y *= s; return *this; }",
        "real dot(const Vec2 &o) const { return x * o.x + y * o.y; }",
        "real norm2() const { return dot(*this); }",
        "void rotate(real t) { real c = std::cos(t), s = std::sin(t); real nx = c * x - s * y; "
        "y = s * x + c * y; x = nx; }",
    ], "};"),
    "Smoother": ("class Smoother {", [
        "real s_, k_;",
        "public:",
        "explicit Smoother(real k) : s_(0), k_(k) {}",
        "FUZZ_NOINLINE void feed(real v) { s_ = k_ * s_ + (1 - k_) * std::tanh(v); }",
        "real value() const { return s_; }",
    ], "};"),
    "Poly": ("struct Poly {", [
        "std::vector<real> c;",
        "Poly(const real *p, int m) : c(p, p + m) {}",
        "real eval(real t) const { real r = 0; for (auto it = c.rbegin(); it != c.rend(); ++it) "
        "r = r * t + *it; return r; }",
        "void scale(real s) { for (real &e : c) e *= s; }",
    ], "};"),
}

MAX_LEN = 24      # the longest vector a program makes


class CppGenerator(gen.Generator):
    cpp = True
    def __init__(self, seed: int):
        super().__init__(seed)
        self.ptr_of: dict[str, str] = {}     # container name -> its element pointer
        self.vectors: set[str] = set()        # std::vector<real> (and references to one)
        self.rangeable: set[str] = set()      # usable in range-for and as a const C &
        self.stdarrays: set[str] = set()      # std::array<real, N>
        self.vec2s: list[str] = []            # Vec2 objects (visible where name.x is a scalar)
        self.classes: set[str] = set()

    # ---- small pieces ---------------------------------------------------------------------

    def ptr(self, name: str) -> str:
        return self.ptr_of.get(name, name)

    def begin_end(self, name: str, length: int) -> tuple[str, str]:
        if name in self.vectors or name in self.stdarrays:
            return f"{name}.begin()", f"{name}.end()"
        p = self.ptr(name)
        return p, f"{p} + {length}"

    def ensure_class(self, name: str) -> None:
        if name not in self.classes:
            self.classes.add(name)
            head, members, tail = CLASSES[name]
            self.helpers.append(Node(head, [Node(m) for m in members], tail))

    def arrays_of(self, scope: Scope, names: set[str]) -> list[tuple[str, int]]:
        return [(n, length) for n, length in scope.arrays if n in names]

    def visible_vec2s(self, scope: Scope) -> list[str]:
        return [p for p in self.vec2s if f"{p}.x" in scope.scalars]

    def const(self) -> float:
        return self.rng.choice([0.5, 0.75, -0.6, 0.3, 1.25])

    def lambda_scope(self, scope: Scope, params: list[str]) -> Scope:
        """What a lambda body may read: its parameters and a few captured variables."""
        captured = self.rng.sample(scope.scalars, min(2, len(scope.scalars)))
        return Scope(scalars=params + captured, inputs=list(scope.inputs),
                     arrays=list(scope.arrays))

    # ---- C statements that need raw pointers ------------------------------------------------

    def array_argument(self, scope: Scope) -> tuple[str, str]:
        arr, length = self.rng.choice(scope.arrays)
        count = "n" if length == NX else str(length)
        pointer = self.ptr(arr)
        if length > 2 and self.chance(0.3):
            skip = self.rng.randrange(1, length - 1)
            return f"{pointer} + {skip}", f"{count} - {skip}"
        return pointer, count

    def _pointer_arrays_only(self, method, scope: Scope, depth: int) -> list[Node]:
        """Run a gen.py statement that uses array names as pointers on the C arrays only."""
        saved = scope.arrays
        scope.arrays = [a for a in saved if a[0] not in self.ptr_of]
        kept = len(scope.arrays)
        try:
            return method(scope, depth)
        finally:
            scope.arrays = saved + scope.arrays[kept:]

    def stmt_copy(self, scope: Scope, depth: int) -> list[Node]:
        nodes = self._pointer_arrays_only(super().stmt_copy, scope, depth)
        self.rangeable.add(scope.arrays[-1][0])
        return nodes

    def stmt_rows(self, scope: Scope, depth: int) -> list[Node]:
        return self._pointer_arrays_only(super().stmt_rows, scope, depth)

    def stmt_local_array(self, scope: Scope, depth: int) -> list[Node]:
        nodes = super().stmt_local_array(scope, depth)
        self.rangeable.add(nodes[0].head.split()[1].split("[")[0])
        return nodes

    # ---- statements -----------------------------------------------------------------------

    def base_statement(self, scope: Scope, depth: int) -> list[Node]:
        if not self.chance(0.65):
            return super().base_statement(scope, depth)
        kinds = ["vector", "vector", "vector", "numeric", "numeric", "ref", "call",
                 "call", "vec2", "vec2", "lambda", "lambda", "std_array", "unique",
                 "smoother", "poly", "range_for", "alias"]
        if depth > 0:
            kinds += ["new_delete", "range_for"]
        kind = self.rng.choice(kinds)
        return getattr(self, "cpp_" + kind)(scope, depth)

    def cpp_vector(self, scope: Scope, depth: int) -> list[Node]:
        """A new std::vector, built one of several ways, then reshaped by 0-3 operations."""
        v = self.fresh("vec")
        vectors = self.arrays_of(scope, self.vectors)
        src, length = self.rng.choice(scope.arrays)
        how = self.rng.choice(["range", "range", "copy", "push", "fill", "init", "vret"])
        nodes: list[Node] = []
        if how == "copy" and vectors:
            src, length = self.rng.choice(vectors)
            nodes.append(Node(f"std::vector<real> {v} = {src};"))
        elif how == "vret" and vectors:
            src, length = self.rng.choice(vectors)
            nodes.append(Node(f"std::vector<real> {v} = {self.cpp_helper('vret')}({src}, "
                              f"{self.leaf(scope)});"))
            length += 1
        elif how == "push":
            length, i = self.rng.choice([3, 5, NX, 9]), self.fresh("i")
            inner = scope.child()
            inner.indices.append((i, length))
            reserve = f" {v}.reserve(2);" if self.chance(0.4) else ""
            nodes += [Node(f"std::vector<real> {v};{reserve}"),
                      Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{",
                           [Node(f"{v}.push_back({self.bounded(inner)});")])]
        elif how == "fill":
            length, i = self.rng.choice([3, 5, NX]), self.fresh("i")
            inner = scope.child()
            inner.indices.append((i, length))
            nodes += [Node(f"std::vector<real> {v}({length}, (real){self.const()});"),
                      Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{",
                           [Node(f"{v}[{i}] = 0.5 * {v}[{i}] + 0.4 * {self.bounded(inner)};")])]
        elif how == "init":
            length = self.rng.randint(2, 5)
            items = ", ".join(f"(real)({self.bounded(scope)})" for _ in range(length))
            nodes.append(Node(f"std::vector<real> {v} = {{{items}}};"))
        else:
            b, e = self.begin_end(src, length)
            nodes.append(Node(f"std::vector<real> {v}({b}, {e});"))
        for _ in range(self.rng.choice([0, 1, 1, 2, 2, 3])):
            line, length = self.vector_op(v, length, scope)
            nodes.append(Node(line))
        scope.arrays.append((v, length))
        self.vectors.add(v)
        self.rangeable.add(v)
        self.ptr_of[v] = f"{v}.data()"
        return [Group(nodes)]

    def vector_op(self, v: str, length: int, scope: Scope) -> tuple[str, int]:
        """One statement changing vector v of this length: (the statement, its new length)."""
        ops = ["push", "emplace", "insert1", "insertn", "insert_range", "resize_grow",
               "reverse", "rotate", "copy_in", "transform", "sort", "swap", "partial_sum",
               "adjacent_difference"]
        if length > 3:
            ops += ["erase1", "erase_range", "resize_shrink", "pop", "assign_tail"]
        if length > MAX_LEN - 8:
            ops = [op for op in ops if op not in ("push", "emplace", "insert1", "insertn",
                                                   "insert_range", "resize_grow", "swap")]
        op = self.rng.choice(ops)
        k = self.rng.randrange(1, length)          # a position strictly inside
        val = self.bounded(scope)
        if op == "push":
            return f"{v}.shrink_to_fit(); {v}.push_back({val});", length + 1
        if op == "emplace":
            return f"{v}.emplace_back({val});", length + 1
        if op == "insert1":
            return f"{v}.insert({v}.begin() + {k}, {val});", length + 1
        if op == "insertn":
            m = self.rng.randint(2, 3)
            return f"{v}.insert({v}.begin() + {k}, {m}, (real)({val}));", length + m
        if op == "insert_range":
            src, m = self.rng.choice([a for a in scope.arrays if a[1] <= 7] or [("x", NX)])
            b, e = self.begin_end(src, m)
            return f"{v}.insert({v}.begin() + {k}, {b}, {e});", length + m
        if op == "resize_grow":
            m = self.rng.randint(1, 4)
            return f"{v}.resize({length + m}, (real){self.const()});", length + m
        if op == "resize_shrink":
            return f"{v}.resize({length - 1});", length - 1
        if op == "erase1":
            return f"{v}.erase({v}.begin() + {k});", length - 1
        if op == "erase_range":
            m = self.rng.randint(1, length - 3)
            k = self.rng.randrange(0, length - m + 1)
            return f"{v}.erase({v}.begin() + {k}, {v}.begin() + {k + m});", length - m
        if op == "pop":
            return f"{v}.pop_back();", length - 1
        if op == "assign_tail":
            src, m = self.rng.choice([a for a in scope.arrays if a[1] > 3] or [("x", NX)])
            b, e = self.begin_end(src, m)
            skip = self.rng.randrange(0, m - 2)
            return f"{v}.assign({b} + {skip}, {e});", m - skip
        if op == "reverse":
            return f"std::reverse({v}.begin(), {v}.end());", length
        if op == "rotate":
            return f"std::rotate({v}.begin(), {v}.begin() + {k}, {v}.end());", length
        if op == "sort":
            return f"std::sort({v}.begin(), {v}.end());", length
        if op == "copy_in":
            src, m = self.rng.choice(scope.arrays)
            m = min(m, length - 1)
            k = self.rng.randrange(0, length - m + 1)
            b, _ = self.begin_end(src, m)
            return f"std::copy({b}, {b} + {m}, {v}.begin() + {k});", length
        if op == "transform":
            body = self.bounded(self.lambda_scope(scope, ["u"]))
            return (f"std::transform({v}.begin(), {v}.end(), {v}.begin(), [&](real u) -> real "
                    f"{{ return 0.6 * u + 0.3 * {body}; }});", length)
        if op == "swap":
            w = self.fresh("vw")
            src, m = self.rng.choice(scope.arrays)
            b, e = self.begin_end(src, m)
            how = self.rng.choice([f"std::swap({v}, {w});", f"{v}.swap({w});"])
            return f"std::vector<real> {w}({b}, {e}); {how}", m
        if op == "partial_sum":   # damped first so that the sums stay small
            return (f"for (real &e : {v}) e *= 0.3; "
                    f"std::partial_sum({v}.begin(), {v}.end(), {v}.begin());", length)
        return f"std::adjacent_difference({v}.begin(), {v}.end(), {v}.begin());", length

    def cpp_alias(self, scope: Scope, depth: int) -> list[Node]:
        """A reference to a whole vector, used like the vector afterwards."""
        vectors = self.arrays_of(scope, self.vectors)
        if not vectors:
            return self.cpp_vector(scope, depth)
        v, length = self.rng.choice(vectors)
        r = self.fresh("vr")
        self.alias_of[r] = v           # the same object: never a restrict pair with v
        scope.arrays.append((r, length))
        self.vectors.add(r)
        self.rangeable.add(r)
        self.ptr_of[r] = f"{r}.data()"
        return [Node(f"std::vector<real> &{r} = {v};")]

    def cpp_std_array(self, scope: Scope, depth: int) -> list[Node]:
        mine = self.arrays_of(scope, self.stdarrays)
        name = self.fresh("sa")
        self.ptr_of[name] = f"{name}.data()"
        self.stdarrays.add(name)
        self.rangeable.add(name)
        if mine and self.chance(0.35):
            other, length = self.rng.choice(mine)
            scope.arrays.append((name, length))
            return [Node(f"std::array<real, {length}> {name} = {other};")]
        length = self.rng.choice([3, 4, 5, NX])
        return [Node(f"std::array<real, {length}> {name}{{}};")] + self.filled_array(
            "local", name, length, scope, depth)

    def cpp_unique(self, scope: Scope, depth: int) -> list[Node]:
        if self.chance(0.3):          # a class on the heap: its members become scalars
            self.ensure_class("Vec2")
            p = self.fresh("hp")
            node = Node(f"auto {p} = std::make_unique<Vec2>({self.bounded(scope)}, "
                        f"{self.bounded(scope)});")
            self.vec2s.append(f"(*{p})")
            scope.scalars += [f"(*{p}).x", f"(*{p}).y"]
            return [node]
        u, length = self.fresh("up"), self.rng.choice([3, 5, NX])
        self.ptr_of[u] = f"{u}.get()"
        decl = self.rng.choice([f"std::unique_ptr<real[]> {u}(new real[{length}]());",
                                f"auto {u} = std::make_unique<real[]>({length});"])
        return [Node(decl)] + self.filled_array("local", u, length, scope, depth)

    def cpp_new_delete(self, scope: Scope, depth: int) -> list[Node]:
        h, length = self.fresh("nw"), self.rng.choice([3, 5, NX])
        inner = scope.child()
        body = [Node(f"real *{h} = new real[{length}]();")]
        body += self.filled_array("local", h, length, inner, depth)
        if scope.scalars:
            t = self.rng.choice(scope.scalars)
            body.append(Node(f"{t} = 0.5 * {t} + 0.3 * {h}[{self.index(length, inner)}];"))
        body.append(Node(f"delete[] {h};"))
        return [Node("{", body)]

    def cpp_ref(self, scope: Scope, depth: int) -> list[Node]:
        arr, length = self.rng.choice(scope.arrays)
        r = self.fresh("r")
        nodes = [Node(f"real &{r} = {arr}[{self.index(length, scope)}];")]
        scope.scalars.append(r)
        if self.chance(0.6):
            nodes.append(Node(f"{r} = 0.5 * {r} + 0.4 * {self.bounded(scope)};"))
        return nodes

    def cpp_numeric(self, scope: Scope, depth: int) -> list[Node]:
        t = self.fresh("t")
        arr, length = self.rng.choice(scope.arrays)
        b, e = self.begin_end(arr, length)
        kind = self.rng.choice(["accumulate", "accumulate_op", "inner_product", "max_element",
                                "min_max", "clamp", "max_list"])
        if kind == "accumulate":
            rhs = f"0.2 * std::accumulate({b}, {e}, (real)0)"
        elif kind == "accumulate_op":
            body = self.bounded(self.lambda_scope(scope, ["u"]))
            # (the running sum is not `s`: that is target's struct parameter)
            rhs = (f"std::accumulate({b}, {e}, (real)0, [&](real sum, real u) -> real "
                   f"{{ return 0.8 * sum + 0.3 * {body}; }})")
        elif kind == "inner_product":
            other, _ = self.rng.choice([a for a in scope.arrays if a[1] >= length])
            b2, _ = self.begin_end(other, length)
            rhs = f"0.1 * std::inner_product({b}, {e}, {b2}, (real)0)"
        elif kind == "max_element":
            rhs = f"*std::{self.rng.choice(['max', 'min'])}_element({b}, {e})"
        elif kind == "min_max":
            rhs = (f"std::{self.rng.choice(['max', 'min'])}<real>({self.bounded(scope)}, "
                   f"{self.bounded(scope)})")
        elif kind == "clamp":
            rhs = f"std::clamp<real>({self.bounded(scope)}, (real)-0.5, (real)0.6)"
        else:
            items = ", ".join(f"(real)({self.bounded(scope)})" for _ in range(3))
            rhs = f"std::{self.rng.choice(['max', 'min'])}({{{items}}})"
        scope.scalars.append(t)
        return [Node(f"real {t} = {rhs};")]

    def cpp_vec2(self, scope: Scope, depth: int) -> list[Node]:
        self.ensure_class("Vec2")
        visible = self.visible_vec2s(scope)
        p = self.fresh("p")
        if len(visible) >= 2 and self.chance(0.75):
            q, r = self.rng.sample(visible, 2)
            kind = self.rng.choice(["mix", "diff", "damp", "dot", "norm", "rotate", "call",
                                    "swap"])
            if kind == "dot":
                t = self.fresh("t")
                scope.scalars.append(t)
                return [Node(f"real {t} = 0.3 * {q}.dot({r});")]
            if kind == "norm":
                t = self.fresh("t")
                scope.scalars.append(t)
                return [Node(f"real {t} = 0.2 * std::sqrt(1 + {q}.norm2());")]
            if kind == "damp":
                return [Node(f"{q} *= 0.6; {q} += {r} * 0.3;")]
            if kind == "rotate":
                return [Node(f"{q}.rotate({self.bounded(scope)});")]
            if kind == "swap":
                return [Node(f"std::swap({q}, {r});")]
            rhs = {"mix": f"({q} + {r} * {self.const()}) * 0.5", "diff": f"({q} - {r}) * 0.5",
                   "call": f"{self.cpp_helper('vec2_fn')}({q}, {r}, {self.leaf(scope)})"}[kind]
            node = Node(f"Vec2 {p} = {rhs};")
        else:
            node = Node(f"Vec2 {p}({self.bounded(scope)}, {self.bounded(scope)});")
        self.vec2s.append(p)
        scope.scalars += [f"{p}.x", f"{p}.y"]
        return [node]

    def cpp_smoother(self, scope: Scope, depth: int) -> list[Node]:
        self.ensure_class("Smoother")
        sm, t = self.fresh("sm"), self.fresh("t")
        arr, length = self.rng.choice(scope.arrays)
        nodes = [Node(f"Smoother {sm}({self.rng.choice([0.3, 0.5, 0.8])});")]
        if arr in self.rangeable and self.chance(0.5):
            e = self.fresh("e")
            nodes.append(Node(f"for (real {e} : {arr}) {{", [Node(f"{sm}.feed({e});")]))
        else:
            i = self.fresh("i")
            nodes.append(Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{",
                              [Node(f"{sm}.feed({arr}[{i}] * {self.const()});")]))
        nodes.append(Node(f"real {t} = {sm}.value();"))
        scope.scalars.append(t)
        return nodes

    def cpp_poly(self, scope: Scope, depth: int) -> list[Node]:
        self.ensure_class("Poly")
        pl, t = self.fresh("pl"), self.fresh("t")
        arr, length = self.rng.choice(scope.arrays)
        arg = lambda: f"0.8 * tanh{self.suffix}({self.expr(scope, 1)})"   # |t| < 0.8
        nodes = [Node(f"Poly {pl}({self.ptr(arr)}, {length});"),
                 Node(f"real {t} = 0.2 * {pl}.eval({arg()});")]
        scope.scalars.append(t)
        if self.chance(0.5):        # a copy of the class copies its vector member
            pc, t2 = self.fresh("pl"), self.fresh("t")
            nodes += [Node(f"Poly {pc} = {pl}; {pc}.scale({self.const()});"),
                      Node(f"real {t2} = 0.2 * {pc}.eval({arg()});")]
            scope.scalars.append(t2)
        return nodes

    def cpp_lambda(self, scope: Scope, depth: int) -> list[Node]:
        f = self.fresh("f")
        arr, length = self.rng.choice(scope.arrays)
        i = self.fresh("i")
        kind = self.rng.choice(["map", "accumulate", "write", "generic"])
        if kind == "accumulate":
            acc = self.fresh("acc")
            body = self.bounded(self.lambda_scope(scope, ["u", acc]))
            scope.scalars.append(acc)
            return [Node(f"real {acc} = 0;"),
                    Node(f"auto {f} = [&](real u) {{ {acc} = 0.7 * {acc} + 0.3 * {body}; }};"),
                    Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{", [Node(f"{f}({arr}[{i}]);")])]
        if kind == "write":           # the lambda writes a captured array
            body = self.bounded(self.lambda_scope(scope, ["u"]))
            upd = f"{arr}[k % {length}] = 0.7 * {arr}[k % {length}] + 0.3 * {body};"
            src, m = self.rng.choice(scope.arrays)
            return [Node(f"auto {f} = [&](int k, real u) {{ {upd} }};"),
                    Node(f"for (int {i} = 0; {i} < {m}; {i}++) {{",
                         [Node(f"{f}({i} + {self.rng.randrange(length)}, {src}[{i}]);")])]
        body = self.bounded(self.lambda_scope(scope, ["u"]))
        sig = "(auto u)" if kind == "generic" else "(real u) -> real"
        return [Node(f"auto {f} = [&]{sig} {{ return {body}; }};"),
                Node(f"for (int {i} = 0; {i} < {length}; {i}++) {{",
                     [Node(f"{arr}[{i}] = 0.6 * {arr}[{i}] + 0.3 * {f}({arr}[{i}]);")])]

    def cpp_range_for(self, scope: Scope, depth: int) -> list[Node]:
        candidates = self.arrays_of(scope, self.rangeable)
        if not candidates:
            return self.cpp_vector(scope, depth)
        arr, _ = self.rng.choice(candidates)
        e = self.fresh("e")
        if self.chance(0.6):          # by reference, with a random body that may write e
            inner = scope.child()
            inner.scalars.append(e)
            body = self.statements(inner, self.rng.randint(0, 2), depth - 1) if depth > 0 else []
            body.append(Node(f"{e} = 0.7 * {e} + 0.3 * {self.bounded(inner)};"))
            ref = self.rng.choice(["real &", "auto &"])
            return [Node(f"for ({ref}{e} : {arr}) {{", body)]
        s = self.fresh("s")
        scope.scalars.append(s)
        ref = self.rng.choice(["real ", "const real &", "const auto &"])
        return [Node(f"real {s} = 0;"),
                Node(f"for ({ref}{e} : {arr}) {{",
                     [Node(f"{s} = 0.8 * {s} + 0.3 * {self.bounded_of([e, s])};")])]

    # ---- C++ helpers ----------------------------------------------------------------------

    def cpp_helper(self, kind: str) -> str:
        existing = [name for k, name in self.helper_kinds if k == kind]
        if existing and self.chance(0.5):
            return self.rng.choice(existing)
        name = self.fresh(kind)
        self.helper_kinds.append((kind, name))
        b = self.bounded_of
        if kind == "vref_reduce":
            head = f"FUZZ_NOINLINE real {name}(const std::vector<real> &v, real c) {{"
            body = [Node("real s = 0;"),
                    Node("for (real e : v) {", [Node(f"s = 0.8 * s + 0.3 * {b(['e', 's', 'c'])};")]),
                    Node("return s;")]
        elif kind == "vref_inplace":
            head = f"FUZZ_NOINLINE void {name}(std::vector<real> &v, real c) {{"
            body = [Node("for (auto &e : v) {", [Node(f"e = 0.7 * e + 0.3 * {b(['e', 'c'])};")])]
        elif kind == "vret":
            head = f"FUZZ_NOINLINE std::vector<real> {name}(const std::vector<real> &v, real c) {{"
            body = [Node("std::vector<real> r;"),
                    Node("for (size_t i = 0; i < v.size(); i++) {",
                         [Node(f"r.push_back({b(['v[i]', 'c'])});")]),
                    Node("r.push_back(c);"), Node("return r;")]
        elif kind == "refout":
            head = f"FUZZ_NOINLINE void {name}(real u, real v, real &o1, real &o2) {{"
            body = [Node(f"o1 = {b(['u', 'v'])};"), Node(f"o2 = {b(['u', 'v', 'o1'])};")]
        elif kind == "tmpl_scalar":
            head = f"template <typename T> FUZZ_NOINLINE T {name}(T u, T v) {{"
            body = [Node(f"T r = {b(['u', 'v'])};"), Node("return r * (T)0.9 + u * (T)0.1;")]
        elif kind == "tmpl_container":
            head = f"template <typename C> FUZZ_NOINLINE real {name}(const C &c, real k) {{"
            body = [Node("real s = 0;"),
                    Node("for (const auto &e : c) {",
                         [Node(f"s = 0.8 * s + 0.3 * {b(['e', 's', 'k'])};")]),
                    Node("return s;")]
        else:  # "vec2_fn": a class passed and returned by value
            self.ensure_class("Vec2")
            head = f"FUZZ_NOINLINE Vec2 {name}(Vec2 p, const Vec2 &q, real c) {{"
            body = [Node(f"p.rotate({b(['c', 'q.x'])});"), Node("return (p + q) * 0.5;")]
        self.helpers.append(Node(head, body))
        return name

    def cpp_call(self, scope: Scope, depth: int) -> list[Node]:
        vectors = self.arrays_of(scope, self.vectors)
        rangeable = self.arrays_of(scope, self.rangeable)
        kinds = ["refout", "refout", "tmpl_scalar"]
        if vectors:
            kinds += ["vref_reduce", "vref_inplace", "vret"]
        if rangeable:
            kinds += ["tmpl_container", "tmpl_container"]
        kind = self.rng.choice(kinds)
        name = self.cpp_helper(kind)
        t = self.fresh("t")
        if kind == "refout":
            args = f"{self.expr(scope, 1)}, {self.leaf(scope)}"
            if self.chance(0.5):      # bound straight to elements
                (a1, l1), (a2, l2) = self.rng.choice(scope.arrays), self.rng.choice(scope.arrays)
                return [Node(f"{name}({args}, {a1}[{self.index(l1, scope)}], "
                             f"{a2}[{self.index(l2, scope)}]);")]
            t2 = self.fresh("t")
            scope.scalars += [t, t2]
            return [Node(f"real {t} = 0, {t2} = 0;"), Node(f"{name}({args}, {t}, {t2});")]
        if kind == "tmpl_scalar":
            node = Node(f"real {t} = {name}<real>({self.expr(scope, 1)}, {self.leaf(scope)});")
            scope.scalars.append(t)
            return [node]
        if kind == "tmpl_container":
            arr, _ = self.rng.choice(rangeable)
            node = Node(f"real {t} = {name}({arr}, {self.leaf(scope)});")
            scope.scalars.append(t)
            return [node]
        v, length = self.rng.choice(vectors)
        if kind == "vref_reduce":
            node = Node(f"real {t} = {name}({v}, {self.leaf(scope)});")
            scope.scalars.append(t)
            return [node]
        if kind == "vref_inplace":
            return [Node(f"{name}({v}, {self.leaf(scope)});")]
        w = self.fresh("vec")
        node = Node(f"std::vector<real> {w} = {name}({v}, {self.leaf(scope)});")
        scope.arrays.append((w, length + 1))
        self.vectors.add(w)
        self.rangeable.add(w)
        self.ptr_of[w] = f"{w}.data()"
        return [node]

    # ---- the whole program ----------------------------------------------------------------

    def program(self) -> CppProgram:
        p = super().program()
        return CppProgram(**{f.name: getattr(p, f.name) for f in dataclasses.fields(p)})


def generate(seed: int) -> CppProgram:
    return CppGenerator(seed).program()


if __name__ == "__main__":
    import sys
    print(generate(int(sys.argv[1]) if len(sys.argv) > 1 else 0).source(), end="")
