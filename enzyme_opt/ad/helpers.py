"""Small runtime helpers emitted into the output module once each."""

from __future__ import annotations

from enzyme_opt.ad.rules.math import type_suffix
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantInt, ConstantString, Value


def memcpy_adjoint(module: Module, element: T.Type) -> Function:
    """``void enzyme_opt.memcpy.adjoint.<ty>(ptr dst', ptr src', i64 bytes, i1 has_src)``:
    for each element ``t = dst'[i]; dst'[i] = 0; src'[i] += t`` (the add only when the
    source is active) — the adjoint of ``memcpy``/``memmove(dst, src, bytes)``.

    A ``memmove`` may overlap (``vector::erase`` shifts left, ``insert`` right).  Each
    shadow element must be taken as a destination before it receives a source's
    share, so the walk runs against the copy's direction: downwards when ``dst' <
    src'``, upwards otherwise (walking up a left shift carried every adjoint of the
    moved range on to the last element).  Taking before adding also keeps
    ``memmove(p, p, n)`` the identity."""
    name = f"enzyme_opt.memcpy.adjoint.{type_suffix(element)}"
    fn = module.get_function(name)
    if fn is not None:
        return fn
    gid = module.add_attribute_group("nounwind")
    fn = Function(name, T.FunctionType(T.void, (T.ptr, T.ptr, T.i64, T.i1)),
                  ["dst'", "src'", "bytes", "has.src"], prefix="internal", suffix=f" #{gid}")
    module.add(fn)
    dst, src, nbytes, has_src = fn.args
    entry, loop, add, next_, done = (fn.append_block(n) for n in
                                     ("entry", "loop", "add", "next", "done"))
    size = T.alloc_size(element)
    b = Builder(entry)
    count = b.binop("udiv", nbytes, ConstantInt(T.i64, size), "count")
    last = b.sub(count, ConstantInt(T.i64, 1), "last")
    downwards = b.icmp("ult", dst, src, "downwards")
    b.cbr(b.icmp("eq", count, ConstantInt(T.i64, 0)), done, loop)
    b.at_end(loop)
    i = b.phi(T.i64, "i")
    index = b.select(downwards, b.sub(last, i), i, "index")
    d = b.gep(element, dst, [index], "d")
    value = b.load(element, d, "dv")
    b.store(Builder.const(element, 0.0), d)
    b.cbr(has_src, add, next_)
    b.at_end(add)
    s = b.gep(element, src, [index], "s")
    b.store(b.fadd(b.load(element, s), value), s)
    b.br(next_)
    b.at_end(next_)
    nxt = b.add(i, ConstantInt(T.i64, 1), "i.next")
    b.cbr(b.icmp("eq", nxt, count), done, loop)
    i.add_incoming(ConstantInt(T.i64, 0), entry)
    i.add_incoming(nxt, next_)
    b.at_end(done)
    b.ret()
    return fn


#: the run-time stop on a condition (``stop_if``)
STOP_IF = "enzyme_opt.stop_if"


def stop_if(b: Builder, condition: Value, text: bytes, message_name: str) -> None:
    """At run time, where ``b`` writes: when the i1 ``condition`` holds, write ``text``
    (enzyme-opt's reason, naming the source line) to stderr and abort — a derivative
    that stops rather than compute a number that would be wrong (a call through a
    shadow that is no table of derivatives, a derivative written into constant data)."""
    module = b.function.module
    message = _message(module, text, message_name)
    helper = module.get_function(STOP_IF)
    if helper is None:
        helper = module.add(Function(STOP_IF, T.FunctionType(T.void, (T.i1, T.ptr, T.i64)),
                                     prefix="internal"))
        cond, text_at, length = helper.args
        entry, fail, fine = (helper.append_block(n) for n in ("entry", "fail", "fine"))
        Builder(entry).cbr(cond, fail, fine)
        _write_and_abort(Builder(fail), module, text_at, length)
        Builder(fine).ret()
    b.call(helper, [condition, message, ConstantInt(T.i64, len(text))])


def _message(module: Module, text: bytes, name: str) -> GlobalVariable:
    message = GlobalVariable(module.unique_name(name), T.ArrayType(len(text), T.i8), None,
                             is_constant=True, prefix="private unnamed_addr")
    message.append_operand(ConstantString(T.ArrayType(len(text), T.i8), text))
    module.add(message)
    return message


def _write_and_abort(b: Builder, module: Module, message: Value, length: Value) -> None:
    write = module.get_or_declare("write", T.FunctionType(T.i64, (T.i32, T.ptr, T.i64)))
    b.call(write, [ConstantInt(T.i32, 2), message, length])
    b.call(module.get_or_declare("abort", T.FunctionType(T.void, ())), [])
    b.unreachable()
