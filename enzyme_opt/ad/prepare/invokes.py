"""Invokes lowered to calls, and throw paths cut, in the ``preprocess_`` copies.

C++ calls that may throw are ``invoke``s whose unwind edges lead to landing
pads (destructors, ``catch`` blocks).  A derivative assumes no exception is
thrown while it runs, as Enzyme's preprocessing (LLVM's LowerInvoke) does:
each invoke becomes a call and a branch to its normal destination, and the
landing pads, now unreachable, are dropped by the simplification that
follows.  Done here rather than by LLVM's pass so that the call keeps its
metadata (the source location diagnostics name).

For the same reason a *throw path* — code from which every path ends in a throw
(``__cxa_throw``, ``__cxa_rethrow``, ``_Unwind_Resume``, libstdc++'s ``std::__throw_*``,
``boost::throw_exception``) or in an ``unreachable`` no ``exit``/``abort`` leads to, and
never returns — is cut where it starts: ``llvm.trap`` instead (``trap_throw_paths``).
An exception inside a derivative ends the program either way (docs/modes.md, C++), and
what such a path does first (build a ``std::string`` message, construct the exception
object) would otherwise be differentiated, or refused, for nothing.
"""

from __future__ import annotations

import re

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import BasicBlock, Function

#: what throws: the C++ ABI, libstdc++'s helpers, boost's (a program built with
#: -fno-exceptions defines it; it is declared noreturn)
_THROWS = re.compile(r"__cxa_throw$|__cxa_rethrow$|_Unwind_Resume$|_ZSt\d+__throw_"
                     r"|_ZN5boost15throw_exception")


def lower_invokes(function: Function) -> None:
    for invoke in [i for i in function.instructions() if isinstance(i, I.InvokeInst)]:
        operands, k, bundles = invoke.operands, invoke.num_args, []
        for tag, count in invoke.bundles:
            bundles.append((tag, operands[k:k + count]))
            k += count
        call = I.CallInst(invoke.function_type, invoke.callee, invoke.args, invoke.name,
                          arg_attrs=invoke.arg_attrs, fn_attrs=invoke.fn_attrs,
                          ret_attrs=invoke.ret_attrs, cc=invoke.cc, flags=invoke.flags,
                          bundles=bundles)
        call.metadata = list(invoke.metadata)
        block, unwind = invoke.parent, invoke.unwind_dest
        block.insert_before(invoke, call)
        block.insert_before(invoke, I.BranchInst(invoke.normal_dest))
        invoke.replace_all_uses_with(call)
        for phi in unwind.phis:
            phi.set_incoming([(v, p) for v, p in phi.incoming if p is not block])
        invoke.erase()


def trap_throw_paths(function: Function) -> None:
    """Cut every throw path at the edge that enters it from code that may return."""
    returning = _may_return(function)
    throwing = {blk for blk in function.blocks if blk not in returning and _ends_doomed(blk)}
    if not throwing:
        return
    doomed = _reaching_only(function, returning, throwing)
    trap = None
    for block in returning:
        term = block.terminator
        for index, target in enumerate(term.operands if term is not None else ()):
            if isinstance(target, BasicBlock) and target in doomed:
                if trap is None:
                    trap = function.append_block("throw.cut")
                    b = Builder(trap)
                    b.call(function.module.get_or_declare(
                        "llvm.trap", T.FunctionType(T.void, ())), [])
                    b.unreachable()
                for phi in target.phis:
                    phi.set_incoming([(v, p) for v, p in phi.incoming if p is not block])
                term.set_operand(index, trap)


def _may_return(function: Function) -> set:
    """The blocks from which a ``ret`` is reachable."""
    found = {blk for blk in function.blocks if isinstance(blk.terminator, I.ReturnInst)}
    work = list(found)
    while work:
        for pred in work.pop().predecessors:
            if pred not in found:
                found.add(pred)
                work.append(pred)
    return found


def _ends_doomed(block: BasicBlock) -> bool:
    """Does ``block`` throw, or end in ``unreachable`` with no call that stops the program
    on purpose (``exit``, ``abort``: a ``noreturn`` callee that does not throw)?  Reaching
    such an ``unreachable`` is undefined behaviour — what is left of a ``noreturn`` throw
    helper the optimizer inlined (boost's, when built with -fno-exceptions)."""
    calls = [i for i in block.instructions if isinstance(i, I.CallInst)]
    if any(c.called_function is not None and _THROWS.match(c.called_function.name)
           for c in calls):
        return True
    return isinstance(block.terminator, I.UnreachableInst) and \
        not any(_no_return(c) for c in calls)


def _no_return(call: I.CallInst) -> bool:
    fn = call.called_function
    groups = [call.function.module.attribute_groups.get(g, "") for g in
              (fn.attribute_group_ids if fn is not None else [])]
    return any("noreturn" in text.split() for text in (call.fn_attrs, *groups)) or \
        fn is None  # an indirect call: it may be anything


def _reaching_only(function: Function, returning: set, throwing: set) -> set:
    """Blocks that cannot return and from which every path meets a throwing block: the
    throw paths (a path to ``abort`` or ``exit`` alone is left as it is)."""
    doomed = set(throwing)
    changed = True
    while changed:
        changed = False
        for block in function.blocks:
            succs = block.successors
            if block in doomed or block in returning or not succs:
                continue
            if all(s in doomed for s in succs):
                doomed.add(block)
                changed = True
    return doomed
