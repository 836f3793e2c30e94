"""Invokes lowered to calls in the ``preprocess_`` copies.

C++ calls that may throw are ``invoke``s whose unwind edges lead to landing
pads (destructors, ``catch`` blocks).  A derivative assumes no exception is
thrown while it runs, as Enzyme's preprocessing (LLVM's LowerInvoke) does:
each invoke becomes a call and a branch to its normal destination, and the
landing pads, now unreachable, are dropped by the simplification that
follows.  Done here rather than by LLVM's pass so that the call keeps its
metadata (the source location diagnostics name).
"""

from __future__ import annotations

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.module import Function


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
