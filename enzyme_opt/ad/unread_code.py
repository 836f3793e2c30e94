"""What a forward derivative computes of the primal that nothing reads: left out, libm
calls included.

A forward derivative returns tangents (and the primal's result only when asked), so much
of the primal's code is read by nothing in it.  LLVM deletes such arithmetic itself, but
not a call of the math library, which may set ``errno``, nor what only such a call reads:
the tangent of ``log(s)`` is ``ṡ/s``, which does not need ``log(s)``, and yet every
tangent of a function returning a sum of logs made each log (``libm``'s tangent ran 1.5 %
slower for it; GMM's kept the log of its log-sum-exp).  Enzyme leaves them out too: a
derivative computes derivatives, and ``errno`` is not one of them (nor is it part of
ABI.md's contract of a derivative call).

``drop_unread_code`` keeps every instruction that has an effect (a store, a call of
anything but a math function, a branch, a return, a volatile or atomic access), with
everything it reads, transitively, and deletes the rest, cycles of phis included (a
primal sum).  Not under ``--no-reuse``, whose derivatives the fuzzers compare with these.

(The same for a gradient's forward sweep, whose result ``diffe<f>`` ignores, was tried:
no gradient of ``make bench`` ran measurably faster, and finding the sweeps and deleting
their dead code cost the tool 3 % on its 374-function benchmark module.)
"""

from __future__ import annotations

from enzyme_opt.ad.rules.primal_math import math_call_name
from enzyme_opt.ir.dead_code import erase_unreached
from enzyme_opt.ir.module import Function

#: what an instruction whose value nothing reads may simply not do (a load only when it is
#: neither volatile nor atomic; a call only of the math library, ``_is_pure``)
_PURE_OPCODES = frozenset({
    "fneg", "fadd", "fsub", "fmul", "fdiv", "frem", "add", "sub", "mul", "udiv", "sdiv", "urem",
    "srem", "shl", "lshr", "ashr", "and", "or", "xor", "trunc", "zext", "sext", "fptrunc", "fpext",
    "fptoui", "fptosi", "uitofp", "sitofp", "ptrtoint", "inttoptr", "bitcast", "addrspacecast",
    "getelementptr", "icmp", "fcmp", "select", "phi", "extractvalue", "insertvalue",
    "extractelement", "insertelement", "shufflevector", "freeze", "alloca", "load", "call"})


def _is_pure(inst) -> bool:
    op = inst.opcode
    if op not in _PURE_OPCODES:
        return False
    if op == "load":
        return not inst.volatile and not inst.ordering
    if op == "call":   # a math-library call: its value, and errno (frexp writes through a pointer)
        return math_call_name(inst) is not None and \
            not any(arg.type.is_pointer for arg in inst.args)
    return True


def drop_unread_code(function: Function) -> int:
    """Delete what nothing in ``function`` needs (module docstring); returns how many."""
    code = [inst for block in function.blocks for inst in block.instructions]
    return erase_unreached(code, [inst for inst in code if not _is_pure(inst)])
