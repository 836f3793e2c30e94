"""Warp shuffles (CUDA's ``__shfl_down_sync``, ``__shfl_up_sync``, ``__shfl_xor_sync``,
``__shfl_sync``).

``shfl.sync.<mode>(mask, v, b, c)`` gives lane L the v of lane j (down: L + b, up:
L − b, bfly: L xor b, idx: lane b) when j is in L's segment (``c``: segment mask in
bits 8–12, clamp in 0–4), else its own v.  Its adjoint therefore sends ȳ back the
other way: lane j's v̄ gets the ȳ of the lane that read it, and a lane that read its
own v keeps its own ȳ; a broadcast from lane b (``__shfl_sync``) gives lane b the
sum of every lane's ȳ.  CUDA's ``__shfl_*_sync`` always pass the clamp these rules
assume (31 for down, bfly and idx, 0 for up); a broadcast must come from a constant
lane, over the whole warp.

A float is one ``llvm.nvvm.shfl.sync.<mode>.f32``.  A double is shuffled as the
two 32-bit halves of its bits (two ``.i32`` shuffles, split and joined with
integer operations), which carry no derivative: before AD, ``join_double_shuffles``
turns that idiom back into one call of ``enzyme_opt.shfl.sync.<mode>.f64``, a
helper doing the same, which the rules then treat as they treat floats.  Any other
integer shuffle of a float's bits is refused (``analysis/activity``).
"""

from __future__ import annotations

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.dead_code import erase_unused
from enzyme_opt.ir.module import Function, Module
from enzyme_opt.ir.values import ConstantInt, Value, zero
from enzyme_opt.targets.nvptx import DOUBLE_SHUFFLE, shuffle_mode

_CLAMP = {"down": 0x1F, "bfly": 0x1F, "up": 0, "idx": 0x1F}
#: the CUDA function that shuffles in each mode
_CUDA_NAME = {"down": "__shfl_down_sync", "up": "__shfl_up_sync", "bfly": "__shfl_xor_sync",
              "idx": "__shfl_sync"}
_REVERSE = {"down": "up", "up": "down", "bfly": "bfly"}
ALWAYS_INLINE = "alwaysinline nounwind convergent"


def check_shuffle(inst: I.CallInst, fail) -> None:
    """The rules need the clamp CUDA passes, as a constant; a broadcast, one source
    lane (a constant) over the whole warp."""
    mode = shuffle_mode(inst.called_function.name)
    mask, _, lane, c = inst.args
    if not isinstance(c, ConstantInt) or c.value & 0x1F != _CLAMP[mode]:
        raise fail(inst, f"a warp shuffle ({mode}) whose lane bound is not the constant CUDA's "
                         f"{_CUDA_NAME[mode]} passes: its derivative is not supported")
    if mode == "idx" and not (isinstance(lane, ConstantInt) and c.value == 0x1F and
                              isinstance(mask, ConstantInt) and mask.value & 0xFFFFFFFF
                              == 0xFFFFFFFF):
        raise fail(inst, "a broadcast (__shfl_sync) whose source lane is not a constant, or "
                         "over part of a warp: its derivative (a sum over the lanes that "
                         "read each lane) is not supported")


def forward_shuffle(b: Builder, inst: I.CallInst, tangent: Value) -> Value:
    """The tangent moves between lanes as the value does."""
    mask, _, delta, c = inst.args
    return b.call(inst.called_function, [mask, tangent, delta, c])


def reverse_shuffle(b: Builder, inst: I.CallInst, dy: Value, mask: Value, delta: Value) -> Value:
    """v̄'s share of ȳ at this lane: the ȳ of the lane that read this lane's v (when that
    read was in range), plus this lane's own ȳ when its own read fell out of range."""
    mode = shuffle_mode(inst.called_function.name)
    c = inst.arg(3).value
    if mode == "idx":  # every lane read the source lane: it gets the warp's sum of ȳ
        total = dy
        for distance in (16, 8, 4, 2, 1):
            partner, _ = _shuffle_p(b, "bfly", mask, total, ConstantInt(T.i32, distance), 0x1F)
            total = b.fadd(total, partner)
        laneid = b.function.module.get_or_declare("llvm.nvvm.read.ptx.sreg.laneid",
                                                  T.FunctionType(T.i32, ()))
        is_source = b.icmp("eq", b.call(laneid, []), delta)
        return b.select(is_source, total, zero(dy.type))
    back = _REVERSE[mode]
    came, from_ok = _shuffle_p(b, back, mask, dy, delta, (c & ~0x1F) | _CLAMP[back])
    if mode == "bfly":  # an involution: the partner read this lane iff this lane read it
        return b.select(from_ok, came, dy)
    _, own_ok = _shuffle_p(b, mode, mask, dy, delta, c)
    nothing = zero(dy.type)
    return b.fadd(b.select(from_ok, came, nothing), b.select(own_ok, nothing, dy))


def _shuffle_p(b: Builder, mode: str, mask: Value, value: Value, delta: Value, c: int):
    """A shuffle's value and whether its source lane was in range (``….f32p``; for a
    double the helper ``enzyme_opt.shfl.sync.<mode>.f64p``)."""
    module = b.function.module
    if value.type == T.f64:
        fn = double_shuffle_function(module, mode, with_flag=True)
    else:
        fn = module.get_or_declare(f"llvm.nvvm.shfl.sync.{mode}.f32p", T.FunctionType(
            T.StructType((T.f32, T.i1)), (T.i32, T.f32, T.i32, T.i32)))
    result = b.call(fn, [mask, value, delta, ConstantInt(T.i32, c)])
    return b.extractvalue(result, 0), b.extractvalue(result, 1)


# -- doubles: two halves of their bits -------------------------------------------------------
def join_double_shuffles(function: Function) -> None:
    """Each double shuffled as two ``.i32`` shuffles of its halves (split by
    ``bitcast``/``trunc``/``lshr``, joined by ``zext``/``shl``/``or``/``bitcast``)
    becomes one call of the ``enzyme_opt.shfl.sync.<mode>.f64`` helper."""
    for inst in list(function.instructions()):
        if inst.parent is None or inst.opcode != "bitcast" or inst.type != T.f64:
            continue
        found = _double_shuffle(inst)
        if found is None:
            continue
        mode, call, value = found
        # Where the shuffles were, never where their halves are joined: clang joins them
        # where the double is used, maybe in a branch only some lanes take, and a shuffle
        # must run on every lane of its mask.
        b = Builder().before(call)
        helper = double_shuffle_function(function.module, mode, with_flag=False)
        joined = b.call(helper, [call.arg(0), value, call.arg(2), call.arg(3)], inst.name)
        inst.replace_all_uses_with(joined)
        erase_unused([inst])  # the split, the two shuffles, the join


def _double_shuffle(result: I.Instruction):
    """(mode, the first of the two shuffles, the double shuffled) if ``result`` joins
    the halves of a double's shuffle, else None."""
    joined = result.operand(0)
    if not _is(joined, "or") or joined.type != T.i64:
        return None
    halves = {}
    for part in joined.operands:
        if _is(part, "shl") and _const(part.operand(1)) == 32 and _is(part.operand(0), "zext"):
            halves["hi"] = part.operand(0).operand(0)
        elif _is(part, "zext"):
            halves["lo"] = part.operand(0)
    lo, hi = halves.get("lo"), halves.get("hi")
    if not (isinstance(lo, I.CallInst) and isinstance(hi, I.CallInst)) or \
            lo.called_function is None or lo.called_function is not hi.called_function:
        return None
    name = lo.called_function.name
    mode = name[len("llvm.nvvm.shfl.sync."):-len(".i32")] if name.endswith(".i32") and \
        name.startswith("llvm.nvvm.shfl.sync.") else None
    if mode not in _CLAMP or not all(_same(lo.arg(k), hi.arg(k)) for k in (0, 2, 3)) or \
            lo.parent is not hi.parent:
        return None
    low_bits, high_bits = lo.arg(1), hi.arg(1)
    if not (_is(low_bits, "trunc") and _is(high_bits, "trunc")):
        return None
    bits = low_bits.operand(0)
    shifted = high_bits.operand(0)
    if not (_is(shifted, "lshr") and shifted.operand(0) is bits and
            _const(shifted.operand(1)) == 32 and _is(bits, "bitcast") and
            bits.operand(0).type == T.f64):
        return None
    block = lo.parent.instructions
    first = lo if block.index(lo) < block.index(hi) else hi
    return mode, first, bits.operand(0)


def _is(value: Value, opcode: str) -> bool:
    return isinstance(value, I.Instruction) and value.opcode == opcode


def _same(a: Value, b: Value) -> bool:
    return a is b or (_const(a) is not None and _const(a) == _const(b) and a.type == b.type)


def _const(value: Value):
    return value.value if isinstance(value, ConstantInt) else None


def double_shuffle_function(module: Module, mode: str, with_flag: bool) -> Function:
    """``double enzyme_opt.shfl.sync.<mode>.f64(i32 mask, double v, i32 b, i32 c)``:
    the two halves shuffled and joined, as CUDA does (``…f64p`` also returns the
    in-range flag, which both halves share)."""
    name = DOUBLE_SHUFFLE.format(mode=mode) + ("p" if with_flag else "")
    fn = module.get_function(name)
    if fn is not None:
        return fn
    flag_pair = T.StructType((T.f64, T.i1))
    gid = module.add_attribute_group(ALWAYS_INLINE)
    fn = module.add(Function(name, T.FunctionType(flag_pair if with_flag else T.f64,
                                                   (T.i32, T.f64, T.i32, T.i32)),
                             ["mask", "value", "delta", "c"], prefix="internal",
                             suffix=f" #{gid}"))
    mask, value, delta, c = fn.args
    b = Builder(fn.append_block("entry"))
    bits = b.cast("bitcast", value, T.i64, "bits")
    low = b.cast("trunc", bits, T.i32, "low")
    high = b.cast("trunc", b.binop("lshr", bits, ConstantInt(T.i64, 32)), T.i32, "high")
    i32_shuffle = module.get_or_declare(f"llvm.nvvm.shfl.sync.{mode}.i32", T.FunctionType(
        T.i32, (T.i32, T.i32, T.i32, T.i32)))
    if with_flag:
        pair = module.get_or_declare(f"llvm.nvvm.shfl.sync.{mode}.i32p", T.FunctionType(
            T.StructType((T.i32, T.i1)), (T.i32, T.i32, T.i32, T.i32)))
        low_pair = b.call(pair, [mask, low, delta, c])
        low_out, in_range = b.extractvalue(low_pair, 0), b.extractvalue(low_pair, 1)
    else:
        low_out = b.call(i32_shuffle, [mask, low, delta, c])
    high_out = b.call(i32_shuffle, [mask, high, delta, c])
    joined = b.binop("or", b.binop("shl", b.cast("zext", high_out, T.i64),
                                   ConstantInt(T.i64, 32)), b.cast("zext", low_out, T.i64))
    result = b.cast("bitcast", joined, T.f64, "shuffled")
    if with_flag:
        pair_value = b.insertvalue(zero(flag_pair), result, 0)
        b.ret(b.insertvalue(pair_value, in_range, 1))
    else:
        b.ret(result)
    return fn
