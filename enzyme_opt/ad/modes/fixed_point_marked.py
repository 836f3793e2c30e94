"""Loops marked from inside: ``__enzyme_set_fixed_point`` (``<enzyme/fixed_point.h>``).

::

    while (…) {
      __enzyme_set_fixed_point(reduction, max_iters, control, state, bytes, …);
      …
    }

marks the loop around the call as a fixed-point iteration (what a Fortran
``!DIR$ ENZYME FIXED_POINT`` directive lowers to).  Before anything else sees it the loop
is outlined: one iteration becomes a step function ``<f>.fixed_point_step(i, live-ins…)``
that runs the loop's body and returns whether the loop goes on, and the loop becomes
``__enzyme_fixed_point(step, enzyme_fp_state, state, bytes, …, live-ins…)``
(``ad/modes/fixed_point.py`` then differentiates it).  A negative reduction or
``max_iters``, or a null control, asks for the default; settings passed by reference
(Fortran) are read where the loop begins.

The loop must have one latch and one exit edge, leaving from its header (``while``,
``for``: the header's test runs once before the fixed-point call, as before the first
iteration) or from its latch (``do … while``).  Every value that crosses its boundary must
go through memory, as in code straight from clang's front end: the outlining happens before
LLVM's optimizer runs in the clang-plugin flow (``driver.optimize_before_ad``), which could
otherwise unroll the loop or keep its variables in registers.  A loop in registers (a
header phi, a value used after the loop), a marker outside any loop (unrolled), settings
computed inside the loop, or a switch as the exit are refused, naming the flow.
"""

from __future__ import annotations

from enzyme_opt.ad.utils import calls_of
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.cfg import CFG, Loop
from enzyme_opt.ir.clone import clone_blocks
from enzyme_opt.ir.module import BasicBlock, Function, GlobalVariable, Module
from enzyme_opt.ir.values import Argument, ConstantFP, ConstantInt, Value, null

MARKER = "__enzyme_set_fixed_point"
ENTRY = "__enzyme_fixed_point"
_DEFAULT_REDUCTION, _DEFAULT_MAX_ITERS = 1e-12, 1000
_FLOW = ("outline it before LLVM optimizes: run the clang-plugin flow, clang -O<n> -Xclang "
         "-disable-llvm-passes -S -emit-llvm … | enzyme-opt -O<n> (docs/pipeline.md)")


def outline_marked_loops(module: Module, where_of) -> None:
    """Every loop holding an ``__enzyme_set_fixed_point`` call becomes an
    ``__enzyme_fixed_point`` call of its outlined body."""
    markers = [fn for fn in module.functions if MARKER in fn.name and fn.is_declaration]
    for marker in markers:
        module.parse_bodies_mentioning(marker.name)
        for call in calls_of(marker, where_of):
            _outline(module, call, where_of(call))
        if not marker.has_uses():
            module.remove(marker)


def _outline(module: Module, call: I.CallInst, where: str) -> None:
    fn = call.function
    cfg = CFG(fn)
    loop = cfg.loop_of.get(call.parent)
    if loop is None:
        raise DifferentiationError(f"{MARKER} is not inside a loop (LLVM may have unrolled "
                                   f"it): {_FLOW}", where)
    shape, test, exit_block = _shape(loop, where)
    live_ins = _check_boundary(loop, call, where)
    step = _step_function(module, fn, loop, call, shape, test, live_ins)
    b = Builder()
    fixed = fn.append_block("fixed_point", after=test)
    b.at_end(fixed)
    settings = _settings(b, module, call, where)
    entry = module.get_function(ENTRY) or module.add(
        Function(ENTRY, T.FunctionType(T.void, (T.ptr,), varargs=True)))
    b.call(entry, [step, *settings, *live_ins],
           function_type=T.FunctionType(T.void, (T.ptr,), varargs=True))
    b.br(exit_block)
    if shape == "header":   # the header's first test stays; its way in leads here
        _retarget(loop.header.terminator, _inside(loop, loop.header), fixed)
        gone = [blk for blk in loop.blocks if blk is not loop.header]
    else:                   # do … while: the loop's way in leads here
        for pred in [p for p in loop.header.predecessors if p not in loop.blocks]:
            _retarget(pred.terminator, loop.header, fixed)
        gone = list(loop.blocks)
    _delete_blocks(fn, gone)
    fn.invalidate_slots()


def _shape(loop: Loop, where: str) -> tuple[str, BasicBlock, BasicBlock]:
    """``header`` or ``latch`` (where the one exit edge leaves), that block, and the
    exit block."""
    if len(loop.latches) != 1:
        raise DifferentiationError(f"the loop marked with {MARKER} must have one latch "
                                   f"(one edge back to its start, no continue)", where)
    edges = [(blk, succ) for blk in loop.blocks for succ in blk.successors
             if succ not in loop.blocks]
    if len(edges) != 1 or edges[0][0] not in (loop.header, loop.latches[0]):
        raise DifferentiationError(f"the loop marked with {MARKER} must have one exit, from "
                                   f"its test at the start or at the end of an iteration "
                                   f"(no break, return or goto out of it)", where)
    block, exit_block = edges[0]
    if not isinstance(block.terminator, I.BranchInst) or exit_block.phis:
        raise DifferentiationError(f"the loop marked with {MARKER} must leave through a "
                                   f"plain conditional branch: {_FLOW}", where)
    return ("header" if block is loop.header else "latch"), block, exit_block


def _check_boundary(loop: Loop, call: I.CallInst, where: str) -> list[Value]:
    """The values the loop uses from outside it (its step's parameters), after checking
    that nothing crosses the boundary in registers."""
    if loop.header.phis:
        raise DifferentiationError(f"the loop marked with {MARKER} keeps values in "
                                   f"registers from one iteration to the next: {_FLOW}", where)
    live_ins: dict[Value, None] = {}
    for block in loop.blocks:
        for inst in block.instructions:
            for use in inst.uses:
                user = use.user
                if isinstance(user, I.Instruction) and user.parent not in loop.blocks:
                    raise DifferentiationError(f"a value computed in the loop marked with "
                                               f"{MARKER} is used after it: {_FLOW}", where)
            if inst is call:
                continue
            for value in inst.operands:
                if isinstance(value, Argument) or (isinstance(value, I.Instruction)
                                                   and value.parent not in loop.blocks):
                    live_ins[value] = None
    for value in call.args:
        if isinstance(value, I.Instruction) and value.parent in loop.blocks:
            raise DifferentiationError(f"the settings of {MARKER} must be computed before "
                                       f"the loop (they are read where it begins): {_FLOW}",
                                       where)
    return list(live_ins)


def _step_function(module: Module, fn: Function, loop: Loop, call: I.CallInst, shape: str,
                   test: BasicBlock, live_ins: list[Value]) -> Function:
    """``<f>.fixed_point_step(i64 i, live-ins…) -> i1``: one iteration, then whether the
    loop goes on."""
    fty = T.FunctionType(T.i1, (T.i64, *(v.type for v in live_ins)))
    names = ["i", *(getattr(v, "name", "") or "" for v in live_ins)]
    step = module.add(Function(module.unique_name(f"{fn.name}.fixed_point_step"), fty, names,
                               prefix="internal"))
    vmap: dict[Value, Value] = dict(zip(live_ins, step.args[1:]))
    start = _inside(loop, loop.header) if shape == "header" else loop.header
    entry = step.append_block("entry")
    clone_blocks([blk for blk in fn.blocks if blk in loop.blocks], step, vmap, skip={call})
    Builder(entry).br(vmap[start])
    # where the loop decides: return whether it goes on instead of branching
    branch = vmap[test].terminator
    stays = vmap[_inside(loop, test) if shape == "header" else loop.header]
    condition = branch.operands[0]
    b = Builder().before(branch)
    going = condition if branch.operands[1] is stays else \
        b.binop("xor", condition, ConstantInt(T.i1, 1), "going")
    b.ret(going)
    branch.erase()
    step.invalidate_slots()
    return step


def _inside(loop: Loop, block: BasicBlock) -> BasicBlock:
    """The successor of ``block`` (the header or the latch) that stays in the loop."""
    return next(s for s in block.successors if s in loop.blocks)


def _settings(b: Builder, module: Module, call: I.CallInst, where: str) -> list[Value]:
    """``enzyme_fp_state, state, bytes, …, enzyme_fp_reduction, r, enzyme_fp_max_iters,
    n, enzyme_fp_control, c`` from the marker's operands, defaults where negative/null."""
    args = list(call.args)
    if len(args) < 5 or (len(args) - 3) % 2:
        raise DifferentiationError(f"{MARKER} takes (reduction, max_iters, control, state, "
                                   f"bytes, …)", where)
    reduction = _read(b, args[0], T.f64)
    if reduction.type != T.f64:
        reduction = b.cast("fpext" if reduction.type.is_float else "sitofp", reduction, T.f64)
    reduction = b.select(b.fcmp("olt", reduction, ConstantFP(T.f64, 0.0)),
                         ConstantFP(T.f64, _DEFAULT_REDUCTION), reduction, "reduction")
    max_iters = _widen(b, _read(b, args[1], T.i64))
    max_iters = b.select(b.icmp("slt", max_iters, ConstantInt(T.i64, 0)),
                         ConstantInt(T.i64, _DEFAULT_MAX_ITERS), max_iters, "max_iters")
    out: list[Value] = []
    for k in range(3, len(args), 2):
        out += [_marker(module, "enzyme_fp_state"), args[k], _widen(b, _read(b, args[k + 1],
                                                                              T.i64))]
    out += [_marker(module, "enzyme_fp_reduction"), reduction,
            _marker(module, "enzyme_fp_max_iters"), max_iters,
            _marker(module, "enzyme_fp_control"), args[2] if args[2].type.is_pointer
            else null(T.ptr)]
    return out


def _read(b: Builder, value: Value, ty: T.Type) -> Value:
    """A setting passed by reference (Fortran) is loaded."""
    return b.load(ty, value) if value.type.is_pointer else value


def _widen(b: Builder, value: Value) -> Value:
    if value.type == T.i64:
        return value
    return b.cast("sext" if value.type.bits < 64 else "trunc", value, T.i64)


def _marker(module: Module, name: str) -> GlobalVariable:
    found = module.get(name)
    if isinstance(found, GlobalVariable):
        return found
    return module.add(GlobalVariable(name, T.i32, None, prefix="external"))


def _retarget(terminator: I.Instruction, old: BasicBlock, new: BasicBlock) -> None:
    for index, value in enumerate(terminator.operands):
        if value is old:
            terminator.set_operand(index, new)


def _delete_blocks(fn: Function, blocks: list[BasicBlock]) -> None:
    for block in blocks:
        for inst in block.instructions:
            inst.drop_operands()
            for record in inst.debug_records:
                record.drop_operands()
    for block in blocks:
        fn.blocks.remove(block)
