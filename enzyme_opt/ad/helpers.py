"""Small runtime helpers emitted into the output module once each."""

from __future__ import annotations

from enzyme_opt.ad.rules.math import type_suffix
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, Module
from enzyme_opt.ir.values import ConstantInt


def memcpy_adjoint(module: Module, element: T.Type) -> Function:
    """``void enzyme_opt.memcpy.adjoint.<ty>(ptr dst', ptr src', i64 bytes, i1 has_src)``:
    for each element ``src'[i] += dst'[i]`` (when the source is active), then
    ``dst'[i] = 0`` — the adjoint of ``memcpy(dst, src, bytes)``."""
    name = f"enzyme_opt.memcpy.adjoint.{type_suffix(element)}"
    fn = module.get_function(name)
    if fn is not None:
        return fn
    gid = module.add_attribute_group("nounwind")
    fn = Function(name, T.FunctionType(T.void, (T.ptr, T.ptr, T.i64, T.i1)),
                  ["dst'", "src'", "bytes", "has.src"], prefix="internal", suffix=f" #{gid}")
    module.add(fn)
    dst, src, nbytes, has_src = fn.args
    entry, loop, add, clear, done = (fn.append_block(n) for n in
                                     ("entry", "loop", "add", "clear", "done"))
    size = T.alloc_size(element)
    b = Builder(entry)
    count = b.binop("udiv", nbytes, ConstantInt(T.i64, size), "count")
    b.cbr(b.icmp("eq", count, ConstantInt(T.i64, 0)), done, loop)
    b.at_end(loop)
    i = b.phi(T.i64, "i")
    d = b.gep(element, dst, [i], "d")
    value = b.load(element, d, "dv")
    b.cbr(has_src, add, clear)
    b.at_end(add)
    s = b.gep(element, src, [i], "s")
    b.store(b.fadd(b.load(element, s), value), s)
    b.br(clear)
    b.at_end(clear)
    b.store(Builder.const(element, 0.0), d)
    nxt = b.add(i, ConstantInt(T.i64, 1), "i.next")
    b.cbr(b.icmp("eq", nxt, count), done, loop)
    i.add_incoming(ConstantInt(T.i64, 0), entry)
    i.add_incoming(nxt, clear)
    b.at_end(done)
    b.ret()
    return fn
