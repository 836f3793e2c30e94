"""Control-flow facts: orders, dominators, natural loops.  Built once per
function (``CFG(fn)``) and queried."""

from __future__ import annotations

from dataclasses import dataclass, field

from enzyme_opt.ir.module import BasicBlock, Function


def reverse_post_order(function: Function) -> list[BasicBlock]:
    seen: set[BasicBlock] = set()
    order: list[BasicBlock] = []
    stack = [(function.entry, iter(function.entry.successors))]
    seen.add(function.entry)
    while stack:
        block, successors = stack[-1]
        for succ in successors:
            if succ not in seen:
                seen.add(succ)
                stack.append((succ, iter(succ.successors)))
                break
        else:
            stack.pop()
            order.append(block)
    order.reverse()
    return order


class Reachability:
    """The blocks reachable from a block through at least one edge, memoized; and whether
    one instruction may run after another in the same call."""

    def __init__(self) -> None:
        self._after: dict[BasicBlock, set[BasicBlock]] = {}

    def after(self, block: BasicBlock) -> set[BasicBlock]:
        known = self._after.get(block)
        if known is not None:
            return known
        seen: set[BasicBlock] = set()
        work = list(block.successors)
        while work:
            nxt = work.pop()
            if nxt not in seen:
                seen.add(nxt)
                work.extend(nxt.successors)
        self._after[block] = seen
        return seen

    def in_cycle(self, block: BasicBlock) -> bool:
        return block in self.after(block)

    def may_follow(self, first, second) -> bool:
        """Can instruction ``second`` run after ``first`` within one call (later in their
        block, or in a block a path of at least one edge leads to, a loop's back edge
        included)?"""
        if first.parent is second.parent:
            order = first.parent.instructions
            if order.index(first) < order.index(second):
                return True
        return second.parent in self.after(first.parent)


def definition_order(function: Function) -> list[BasicBlock]:
    """Every block, each after the blocks that dominate it: reverse
    post-order, then the unreachable blocks in layout order.  Layout order
    is not enough: LLVM may place a block before the block defining the
    values it uses, and a pass that builds derivatives as it walks must see
    each definition before its uses (phi incomings aside)."""
    order = reverse_post_order(function)
    reached = set(order)
    return order + [block for block in function.blocks if block not in reached]


@dataclass(eq=False)
class Loop:
    header: BasicBlock
    blocks: set[BasicBlock] = field(default_factory=set)
    parent: "Loop | None" = None
    latches: list[BasicBlock] = field(default_factory=list)

    @property
    def depth(self) -> int:
        return 1 + (self.parent.depth if self.parent else 0)

    @property
    def preheader(self) -> BasicBlock | None:
        outside = [p for p in self.header.predecessors if p not in self.blocks]
        return outside[0] if len(outside) == 1 else None

    @property
    def exits(self) -> list[BasicBlock]:
        out: dict[BasicBlock, None] = {}
        for block in self.blocks:
            for succ in block.successors:
                if succ not in self.blocks:
                    out[succ] = None
        return list(out)


class CFG:
    """Reverse post-order, immediate dominators and loops of one function."""

    def __init__(self, function: Function):
        self.function = function
        self.rpo = reverse_post_order(function)
        self.index = {b: i for i, b in enumerate(self.rpo)}
        self.preds = {b: [p for p in b.predecessors if p in self.index] for b in self.rpo}
        self.idom = self._dominators()
        self.loops = self._loops()
        self.loop_of: dict[BasicBlock, Loop] = {}
        for loop in sorted(self.loops, key=lambda lp: -len(lp.blocks)):
            for block in loop.blocks:
                self.loop_of[block] = loop  # innermost wins (smaller loops last)

    def reachable(self, block: BasicBlock) -> bool:
        return block in self.index

    def _dominators(self) -> dict[BasicBlock, BasicBlock]:
        """Cooper, Harvey & Kennedy's iterative algorithm."""
        entry = self.rpo[0]
        idom = {entry: entry}
        index = self.index

        def intersect(a, b):
            while a is not b:
                while index[a] > index[b]:
                    a = idom[a]
                while index[b] > index[a]:
                    b = idom[b]
            return a

        changed = True
        while changed:
            changed = False
            for block in self.rpo[1:]:
                new = None
                for pred in self.preds[block]:
                    if pred in idom:
                        new = pred if new is None else intersect(pred, new)
                if idom.get(block) is not new:
                    idom[block] = new
                    changed = True
        return idom

    def dominates(self, a: BasicBlock, b: BasicBlock) -> bool:
        entry = self.rpo[0]
        while True:
            if a is b:
                return True
            if b is entry:
                return False
            b = self.idom[b]

    def _loops(self) -> list[Loop]:
        loops: dict[BasicBlock, Loop] = {}
        for block in self.rpo:
            for succ in block.successors:
                if succ in self.index and self.dominates(succ, block):  # back edge
                    loop = loops.setdefault(succ, Loop(succ, {succ}))
                    loop.latches.append(block)
                    work = [block]
                    while work:
                        b = work.pop()
                        if b not in loop.blocks:
                            loop.blocks.add(b)
                            work.extend(self.preds[b])
        ordered = sorted(loops.values(), key=lambda lp: len(lp.blocks))
        for i, inner in enumerate(ordered):
            for outer in ordered[i + 1:]:
                if inner.header in outer.blocks and outer is not inner:
                    inner.parent = outer
                    break
        return ordered

    def loop_depth(self, block: BasicBlock) -> int:
        loop = self.loop_of.get(block)
        return loop.depth if loop else 0
