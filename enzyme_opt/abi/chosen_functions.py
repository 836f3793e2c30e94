"""Enzyme calls whose function is one of several, chosen at run time.

``if (c) __enzyme_autodiff((void *)f, x, dx); else __enzyme_autodiff((void *)g, x, dx);``
is one call at -O2: clang merges the two into a call of ``select i1 %c, ptr @f, ptr @g``
(or of a phi of the two). Enzyme's plugin runs before that merge, so such code works with
it; here the call is split back, one call per function, chosen by the pointer:

    %is.f = icmp eq ptr %fn, @f
    br i1 %is.f, label %enzyme.call.f, label %enzyme.call.g
  enzyme.call.f:   ; the call, of @f
  enzyme.call.g:   ; the call, of @g
  enzyme.join:     ; a phi of the results, then what followed the call

A call made as an ``invoke`` (C++ at -O0, a destructor in scope) is split alike: each copy
is an invoke unwinding to the same landing pad and returning to ``enzyme.join``, which goes
on to where the call returned.

Only when every value the pointer can take (through selects, phis and casts) names a
function; otherwise decoding refuses the call as before (``callsites.resolve_function``).
"""

from __future__ import annotations

from enzyme_opt.abi.callsites import has_sret_result
from enzyme_opt.abi.entries import EnzymeCalls, resolve_function
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.clone import clone_instruction
from enzyme_opt.ir.module import BasicBlock, Function
from enzyme_opt.ir.values import Value


def split_calls_of_chosen_functions(calls: EnzymeCalls) -> None:
    for call in calls:
        if not isinstance(call, I.CallInst) or isinstance(call, I.CallBrInst):
            continue
        index = 1 if has_sret_result(call) else 0
        if index >= len(call.args):
            continue
        chooser = call.arg(index)
        if not isinstance(chooser, (I.SelectInst, I.PhiInst)):
            continue
        functions = _candidates(chooser)
        if functions:
            calls.replaced(call, _split(call, chooser, functions))


def _candidates(chooser: Value) -> list[Function] | None:
    """Every function ``chooser`` may be (in first-seen order), or None if it may be
    something that is not a function."""
    found: dict[Function, None] = {}
    seen: set[int] = set()
    work = [chooser]
    while work:
        value = work.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, I.SelectInst):
            work += [value.operand(2), value.operand(1)]
        elif isinstance(value, I.PhiInst):
            work += [v for v, _ in reversed(value.incoming)]
        else:
            try:
                found[resolve_function(value, "")] = None
            except DifferentiationError:
                return None
    return list(found)


def _split(call: I.CallInst, chooser: Value, functions: list[Function]) -> list[I.CallInst]:
    """One copy of ``call`` per function, each in its own block, chosen by comparing the
    pointer; the copies (``call`` is erased)."""
    block = call.parent
    function = block.parent
    invoke = isinstance(call, I.InvokeInst)
    if invoke:
        join = function.append_block("enzyme.join", after=block)
        Builder(join).br(call.normal_dest)
        _retarget_phis(call.normal_dest, block, [join])
    else:
        join = _split_block_after(block, call, function)
    result = I.PhiInst(call.type, (), call.name) if call.has_result else None
    if result is not None:
        join.insert(0, result)
    targets, copies, after = [], [], join if invoke else block
    for callee in functions:
        target = after = function.append_block(f"enzyme.call.{callee.name}", after=after)
        copy = clone_instruction(call, {chooser: callee, **({call.normal_dest: join}
                                                            if invoke else {})})
        target.append(copy)
        copies.append(copy)
        if not invoke:
            Builder(target).br(join)
        if result is not None:
            result.add_incoming(copy, target)
        targets.append(target)
    if invoke:  # the landing pad is now reached from each copy
        _retarget_phis(call.unwind_dest, block, targets)
    test = block  # compares the pointer with each function but the last, which needs no test
    for k, callee in enumerate(functions[:-1]):
        last_test = k == len(functions) - 2
        otherwise = targets[-1] if last_test else \
            function.append_block("enzyme.choose", after=targets[k])
        b = Builder(test)
        b.cbr(b.icmp("eq", chooser, callee, f"is.{callee.name}"), targets[k], otherwise)
        test = otherwise
    if result is not None:
        call.replace_all_uses_with(result)
    call.erase()
    return copies


def _retarget_phis(block: BasicBlock, old: BasicBlock, new: list[BasicBlock]) -> None:
    """``block``'s phis take from each of ``new`` what they took from ``old``."""
    for phi in block.phis:
        pairs = []
        for value, pred in phi.incoming:
            pairs += [(value, b) for b in new] if pred is old else [(value, pred)]
        phi.set_incoming(pairs)


def _split_block_after(block: BasicBlock, call: I.CallInst, function: Function) -> BasicBlock:
    """Move what follows ``call`` into a new block (its successors' phis follow it);
    ``block`` is left without a terminator."""
    join = function.append_block("enzyme.join", after=block)
    position = block.instructions.index(call)
    moved = block.instructions[position + 1:]
    del block.instructions[position + 1:]
    for inst in moved:
        join.append(inst)
    for successor in join.successors:
        _retarget_phis(successor, block, [join])
    return join
