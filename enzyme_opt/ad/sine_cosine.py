"""One ``sincos`` call where a derivative computes the sine and the cosine of one angle.

The tangent of ``sin(x)`` is ``cos(x)·ẋ``: forward mode keeps the primal's ``sin(x)`` and
its rule calls ``llvm.cos(x)``, two math-library calls where the primal makes one (``make
bench``'s ``libm`` tangent), and a rotation's derivative keeps the primal's ``cos(θ)`` and
``sin(θ)`` (bundle adjustment's).  glibc's ``sincos`` computes both in one call that costs
about one of them, and its values are those of its ``sin`` and ``cos`` bit for bit (the
same code computes them: checked on 40 million arguments of every magnitude, and for
``sincosf`` on 40 million floats) with the same ``errno`` (``EDOM`` for an infinite
argument, nothing else).  LLVM makes this merge itself only for calls that set no
``errno`` (two ``llvm.sin``/``llvm.cos`` of one block), never with libm's own ``sin``, so
the derivative does it: a function's sine and cosine of one value, in one block, become
``sincos(x, &s, &c)`` where the first of them was, and two loads.

Where ``errno``'s write would move: the first call may be the intrinsic and the second
libm's, and two libm calls each write ``errno``; then nothing between them may read or
write memory (a read of ``errno`` between them would see it set earlier).

A gradient's forward sweep also gets the partner of each active sine or cosine that has
none and whose own value it tapes anyway (``add_partner_calls``): the reverse sweep then
reads ``sin'(x) = cos(x)`` from the tape instead of calling ``llvm.cos`` itself, and the
pair in the forward sweep is one call.

Only in derivatives (never in the user's functions), only for glibc (a target triple with
``-linux-gnu``: other C libraries are not checked, and GPUs have libdevice), not in code
a later round differentiates again (which would then differentiate a ``sincos`` call and
its stack slots rather than the two calls), and not under ``--no-reuse``, whose
derivatives the fuzzers compare with these.
"""

from __future__ import annotations

from enzyme_opt.ad.rules.math import Math
from enzyme_opt.ad.rules.primal_math import math_call_name, partner_call
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import BasicBlock, Function, Module
from enzyme_opt.knowledge.math_names import math_name_of

#: the element type → glibc's function computing both (``void sincos(x, *sin, *cos)``)
SINCOS = {T.f64: "sincos", T.f32: "sincosf"}
#: what ``sincos`` does besides computing: writes its two results and ``errno``
SINCOS_ATTRIBUTES = "mustprogress nocallback nofree nounwind willreturn " \
                    "memory(argmem: write, errnomem: write)"
#: what may lie between two calls whose ``errno`` write moves to the first: no memory access
_TOUCHES_MEMORY = frozenset({"load", "store", "call", "invoke", "atomicrmw", "cmpxchg",
                             "fence", "va_arg", "callbr"})


def has_sincos(triple: str | None) -> bool:
    """Is the C library glibc (checked: values and ``errno`` those of ``sin`` and ``cos``)?"""
    return bool(triple) and "-linux-gnu" in triple


def merge_sine_cosine(module: Module, functions) -> int:
    """Make each sine and cosine of one value in one block of ``functions`` a single
    ``sincos`` call (module docstring); returns how many pairs.  Only the blocks that call
    a sine or a cosine are looked at (found from the callees' uses: most derivatives call
    neither, and a walk over every instruction cost the tool 1 %)."""
    usable = {ty for ty in SINCOS if _sincos(module, ty, declare=False) is not False}
    within = set(functions)
    blocks = {}
    for callee in module.functions:
        if not callee.is_declaration or callee.return_type not in usable or \
                math_name_of(callee.name) not in ("sin", "cos"):
            continue
        for user in callee.parsed_users:
            if isinstance(user, I.CallInst) and user.parent is not None and \
                    user.parent.parent in within:
                blocks[user.parent] = None
    merged = 0
    for block in blocks:
        while True:
            pair = _pair_in(block, usable)
            if pair is None:
                break
            _merge(module, *pair)
            merged += 1
    return merged


def add_partner_calls(function: Function, wanted) -> list[I.CallInst]:
    """In a gradient's forward sweep, compute ``cos(x)`` beside each sine ``wanted(call)``
    says to (and ``sin(x)`` beside such a cosine) that has no partner in its block: the
    partial of each is the other, which the reverse sweep then reads from the tape
    (``needs.ReverseNeeds.partner_of``) instead of calling ``llvm.cos`` there, and
    ``merge_sine_cosine`` makes the pair one ``sincos`` call costing about one of them.
    The caller wants it where the call's own value is taped anyway (a product's factor):
    8 bytes more beside it for a math-library call less in the reverse sweep (``libm``'s
    gradient: docs/performance.md §3); a sine nothing else reads stays untaped, its
    cosine computed again from the re-read ``x``.  Returns the calls given a partner."""
    given = []
    calls = [inst for inst in function.instructions()   # one C-level pass, then only calls
             if inst.__class__ is I.CallInst and inst.type in SINCOS]
    for inst in calls:
        name = math_call_name(inst)
        if name not in ("sin", "cos") or partner_call(inst) is not None or not wanted(inst):
            continue
        other = "cos" if name == "sin" else "sin"
        # the call the partial's rule would make in the reverse sweep (``llvm.cos``)
        partner = Math(Builder().after(inst), inst.type).call(other, inst.args[0])
        partner.name = other
        given.append(inst)
    return given


def _is_libm(call: I.CallInst) -> bool:
    return not call.called_function.name.startswith("llvm.")


def _pair_in(block: BasicBlock, types: set):
    """The first (first, second, sine, cosine) of ``block`` that may be merged, or None."""
    waiting: dict = {}   # (operand, wanted function) → the call asking for it
    for index, inst in enumerate(block.instructions):
        if inst.opcode != "call" or inst.type not in types:
            continue
        name = math_call_name(inst)
        if name not in ("sin", "cos"):
            continue
        x = inst.args[0]
        first = waiting.get((x, name))
        if first is not None and (_is_libm(first) or _is_libm(inst)):
            if not _is_libm(inst) or _nothing_touches_memory(block, first, index):
                sine, cosine = (first, inst) if name == "cos" else (inst, first)
                return first, inst, sine, cosine
        other = "cos" if name == "sin" else "sin"
        waiting.setdefault((x, other), inst)
    return None


def _nothing_touches_memory(block: BasicBlock, first: I.Instruction, end: int) -> bool:
    start = block.instructions.index(first) + 1
    return not any(inst.opcode in _TOUCHES_MEMORY for inst in block.instructions[start:end])


def _merge(module: Module, first: I.CallInst, second: I.CallInst,
           sine: I.CallInst, cosine: I.CallInst) -> None:
    ty = sine.type
    function = first.parent.parent
    # after the function's own stack slots, which stay first as a reader expects them
    entry = Builder().before(next(inst for inst in function.entry.instructions
                                  if inst.opcode not in ("phi", "alloca")))
    sin_slot = entry.alloca(ty, "sin.slot")
    cos_slot = entry.alloca(ty, "cos.slot")
    b = Builder().before(first)
    b.metadata = [(kind, text) for kind, text in first.metadata if kind == "dbg"]
    b.call(_sincos(module, ty), [first.args[0], sin_slot, cos_slot])
    for call, slot, word in ((sine, sin_slot, "sin"), (cosine, cos_slot, "cos")):
        value = b.load(ty, slot, call.name or word)
        call.replace_all_uses_with(value)
    for call in (first, second):
        callee = call.called_function
        call.erase()
        if callee.name.startswith("llvm.") and not callee.has_uses():
            module.remove(callee)   # the rule's intrinsic, declared for this call alone


def _sincos(module: Module, ty: T.Type, declare: bool = True):
    """glibc's ``sincos`` for ``ty``, declared if needed; False where the program has a
    function of that name of its own (defined, or of another type)."""
    name = SINCOS[ty]
    fty = T.FunctionType(T.void, (ty, T.ptr, T.ptr))
    existing = module.get(name)
    if existing is not None:
        usable = isinstance(existing, Function) and existing.is_declaration and \
            existing.function_type == fty
        return existing if usable else False
    if not declare:
        return None
    gid = module.add_attribute_group(SINCOS_ATTRIBUTES)
    return module.get_or_declare(name, fty, suffix=f" #{gid}")
