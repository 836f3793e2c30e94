"""Shadows of functions: tables of their derivatives, and shadow vtables.

The shadow of a pointer to a function ``f`` is ``@f.shadow_table``, three
pointers ``{augment, reverse, forward}``; the shadow of a C++ vtable
``@_ZTV…`` is ``@_ZTV….shadow``, the same layout (offset-to-top and RTTI
copied) whose function slots hold the slot functions' tables, and a null
where a function gets no table (a declaration, ``__cxa_pure_virtual``).  A
call through a function pointer with active arguments, in differentiated
code, calls the derivatives through the pointer's shadow
(``ad/sweeps/indirect.py``), as Enzyme does.

**The convention** depends only on ``f``'s type ``R f(P₁…Pₙ)``, so a caller
can call any function through it.  The arguments come first, then the shadows of
the pointer arguments, in order (in forward mode the tangents of the float and
pointer arguments):

- ``augment(args…, shadows…)`` → ``{R, tape}`` (``tape`` alone when ``R`` is
  void): runs ``f`` and returns an opaque tape pointer, heap-allocated;
- ``reverse(args…, shadows…, [dR], tape)`` → the adjoints of the float
  arguments (one bare, several a struct, none void); ``dR`` only for a float
  ``R``; it frees the tape;
- ``forward(args…, tangents…)`` → ``{R, dR}`` for a float ``R``, ``R`` for an
  integer, nothing for a void ``f``.

For a function of floats alone that is ``__enzyme_augmentfwd``/
``__enzyme_reverse``'s convention (``augment(x) → {y, tape}``,
``reverse(x, dy, tape) → dx``), which ``__enzyme_virtualreverse(f)`` has always
given the program.  The table's functions are written with Enzyme's entry points
(``__enzyme_augmentfwd``, ``__enzyme_reverse``, ``__enzyme_fwddiff`` with
``enzyme_primal_return``), which the rounds of ``ad/pipeline.py`` then lower as any
other (the new calls join ``EnzymeCalls``).

Tables are made before differentiation, for what differentiated code can need:
``__enzyme_virtualreverse`` of a function or a vtable (of an address read at run
time, -O0's ``*(void **)obj``: a lookup among the vtables and functions its caller
names), every vtable the code the module's Enzyme calls differentiate names, and
every function it names other than as a direct callee or an argument of a library
call, whose type can carry a derivative (transitively, through the tables' own
functions).  A function gets a table only when it has a body and takes floats,
integers and pointers and returns a float, an integer or nothing; otherwise its
shadow is null, and a call through it with active arguments stops the program with
a message (``ad/sweeps/indirect.py``).  A table made for a function the program did not
name to ``__enzyme_virtualreverse`` may fail to get its derivatives: its functions then
stop the program with the reason, and a warning says so (``trap_table_function``,
``ad/pipeline.py``), since nothing may ever call through it with active arguments.
"""

from __future__ import annotations

import re
import weakref

from enzyme_opt.abi import request as R
from enzyme_opt.abi.entries import EnzymeCalls, entry_mode, resolve_function
from enzyme_opt.analysis.memory import direct_callees, reachable_functions
from enzyme_opt.demangle import function_phrase, user_name
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.text.unparsed import SYMBOL_REF, symbol_name
from enzyme_opt.ir.values import (ConstantAggregate, ConstantExpr, ConstantInt, ConstantString,
                                  InlineAsm, Value, null)
from enzyme_opt.knowledge.calls import EXTERNAL, callee_kind, is_virtual_call
from enzyme_opt.knowledge.expanded import needs_expansion

ENTRY = "virtualreverse"
TABLE_SUFFIX = ".shadow_table"
VTABLE_SUFFIX = ".shadow"
#: the slots of a function's table
AUGMENT, REVERSE, FORWARD = 0, 1, 2
_ANY = T.FunctionType(T.ptr, (T.ptr,), varargs=True)
#: module → the functions whose tables ``__enzyme_virtualreverse(f)`` asked for by name:
#: a derivative that cannot be made for one is an error, not a table that traps
_ASKED: "weakref.WeakKeyDictionary[Module, set[str]]" = weakref.WeakKeyDictionary()
_DIFFERENTIATING = (R.REVERSE, R.FORWARD, R.AUGMENTED, R.REVERSE_SPLIT, R.FWDSPLIT, R.BATCH)


def lower_virtual_reverse(module: Module, calls: EnzymeCalls, where_of) -> None:
    """Each ``__enzyme_virtualreverse`` call becomes the shadow of its argument: a
    function's table, or the address point of a vtable's shadow; then every function
    and vtable differentiated code may need the shadow of gets it."""
    for call in [c for c in calls if entry_mode(c.called_function.name) == ENTRY]:
        where = where_of(call)
        if len(call.args) != 1:
            raise DifferentiationError("__enzyme_virtualreverse takes one argument, a "
                                       "function or a vtable", where)
        shadow = _virtual_reverse(module, call, calls, where)
        call.replace_all_uses_with(shadow)
        calls.replaced(call, [])
        Builder().before(call).continue_past(call)
        call.erase()
    _give_code_tables(module, calls)


def _virtual_reverse(module: Module, call: I.CallInst, calls: EnzymeCalls, where: str) -> Value:
    value = call.args[0]
    vtable, offset = _vtable_address_point(value)
    if vtable is not None:
        shadow = shadow_vtable(module, vtable, calls)
        return ConstantExpr(T.ptr, "getelementptr", [shadow, ConstantInt(T.i64, offset)],
                            "inbounds", T.i8) if offset else shadow
    try:
        fn = resolve_function(value, where)
    except DifferentiationError:
        known = list(dict.fromkeys(v for f in reachable_functions(call.function)
                                   for v in _needing_shadows(f, in_tables=True)))
        if known and isinstance(value, I.Instruction):
            return _shadow_at_run_time(module, call, known, calls)
        raise DifferentiationError(
            "__enzyme_virtualreverse: cannot tell which function or vtable its argument is (a "
            "function, or a vtable address point such as *(void **)obj right after the object "
            "is made, known when compiled with -O1 or above, is needed)", where) from None
    refusal = table_refusal(fn)
    if refusal is None:
        refusal = _program_abi_refusal(fn)
    if refusal:
        raise DifferentiationError(f"__enzyme_virtualreverse of @{fn.name}: {refusal}", where)
    _ASKED.setdefault(module, set()).add(fn.name)
    return function_table(module, fn, calls)


def _shadow_at_run_time(module: Module, call: I.CallInst, known: list, calls: EnzymeCalls) -> Value:
    """An address read at run time (-O0: ``*(void **)obj``, the vtable pointer the
    constructor stored; a function from an array): the same place in the shadow of
    whichever vtable it points into, or the table of whichever function it is, among
    those the calling code names (its constructors' vtables, its tables' functions);
    null if none, which a call through it reports (``ad/sweeps/indirect.py``).  Only
    functions whose table the program may call itself are looked for."""
    b = Builder().before(call)
    pointer = call.args[0]
    address = b.cast("ptrtoint", pointer, T.i64)
    result: Value = null(T.ptr)
    for value in known:
        if isinstance(value, Function):
            if table_refusal(value) is None and _program_abi_refusal(value) is None:
                result = b.select(b.icmp("eq", pointer, value),
                                  function_table(module, value, calls), result)
            continue
        shadow = shadow_vtable(module, value, calls)
        offset = b.sub(address, b.cast("ptrtoint", value, T.i64))
        inside = b.icmp("ult", offset, ConstantInt(T.i64, T.alloc_size(value.value_type)))
        result = b.select(inside, b.byte_gep(shadow, offset), result)
    return result


def _program_abi_refusal(fn: Function) -> str | None:
    """A table the program may call itself is called with C's conventions: its reverse
    returns the adjoints of the float arguments as a struct, which C returns in registers
    (as the table's functions do) only up to two doubles or one float."""
    floats = tuple(p for p in fn.function_type.params if p.is_float)
    if len(floats) > 2 or (len(floats) == 2 and floats != (T.f64, T.f64)):
        return ("only a function of at most one float or double argument, or two doubles, "
                "gets a table the program may call itself: its reverse returns the adjoints "
                "as C returns a struct of them, in registers only then")
    return None


def _strip_casts(value: Value) -> Value:
    while isinstance(value, (I.CastInst, ConstantExpr)) and value.opcode in ("bitcast",
                                                                             "addrspacecast"):
        value = value.operand(0)
    return value


def _vtable_address_point(value: Value) -> tuple[GlobalVariable | None, int]:
    """(the vtable, the byte offset) when ``value`` is an address inside a vtable
    global (``getelementptr (i8, @_ZTV7Object1, 16)``, or its inrange struct form)."""
    value = _strip_casts(value)
    if isinstance(value, GlobalVariable) and is_vtable(value):
        return value, 0
    if isinstance(value, ConstantExpr) and value.opcode == "getelementptr":
        base = _strip_casts(value.operand(0))
        if not (isinstance(base, GlobalVariable) and is_vtable(base)):
            return None, 0
        indices = value.operands[1:]
        if all(isinstance(i, ConstantInt) for i in indices):
            offset = T.indexed_offset(value.source_type, [i.value for i in indices])
            return base, offset
    return None, 0


def is_vtable(g: GlobalVariable) -> bool:
    """A C++ vtable (Itanium ``_ZTV``), defined here and constant."""
    return g.name.startswith("_ZTV") and g.is_constant and g.initializer is not None


def table_refusal(fn: Function) -> str | None:
    """Why ``fn`` gets no table, or None."""
    fty = fn.function_type
    if fn.is_declaration:
        return "its body is not in this module"
    if fty.varargs:
        return "it takes variable arguments"
    if not all(p.is_float or p.is_int or p.is_pointer for p in fty.params):
        return "it takes an aggregate or vector argument"
    ret = fty.ret
    if not (ret == T.void or ret.is_float or ret.is_int):
        return "it returns a pointer, an aggregate or a vector"
    return None


def function_table(module: Module, fn: Function, calls: EnzymeCalls) -> GlobalVariable:
    """``@f.shadow_table``, made once (``table_refusal(fn)`` must be None)."""
    name = fn.name + TABLE_SUFFIX
    existing = module.get(name)
    if isinstance(existing, GlobalVariable):
        return existing
    ty = T.ArrayType(3, T.ptr)
    table = module.add(GlobalVariable(name, ty, None, is_constant=True,
                                      prefix="internal unnamed_addr", suffix=", align 8"))
    slots = [_augment(module, fn, name, calls), _reverse(module, fn, name, calls),
             _forward(module, fn, name, calls)]
    table.append_operand(ConstantAggregate(ty, slots))
    return table


def shadow_vtable(module: Module, vtable: GlobalVariable, calls: EnzymeCalls) -> GlobalVariable:
    """``@_ZTV….shadow``: the vtable with each function replaced by its table (null
    without one), named on the vtable by ``!enzyme_shadow`` so that the shadow of an
    address in it is the same address in the shadow (``analysis.activity.global_shadows``)."""
    name = vtable.name + VTABLE_SUFFIX
    existing = module.get(name)
    if isinstance(existing, GlobalVariable):
        return existing

    def mirror(value: Value) -> Value:
        if isinstance(value, Function):
            return function_table(module, value, calls) if _gets_table(value) else null(T.ptr)
        if isinstance(value, ConstantAggregate):
            return ConstantAggregate(value.type, [mirror(v) for v in value.operands])
        return value  # offset-to-top, RTTI: the same
    shadow = GlobalVariable(name, vtable.value_type, mirror(vtable.initializer), is_constant=True,
                            prefix="internal unnamed_addr",
                            suffix=f", align {vtable.align}" if vtable.align else "")
    module.add(shadow, before=vtable)
    ref = module.add_metadata_node(f"!{{ptr {shadow.ref()}}}")
    vtable.suffix += f", !enzyme_shadow {ref}"
    return shadow


def _give_code_tables(module: Module, calls: EnzymeCalls) -> None:
    """Tables for every vtable and every function the code the Enzyme calls
    differentiate stores or passes along (its shadow is needed there), through the
    tables' own functions in turn."""
    done: set[Function] = set()
    addressed: dict[T.FunctionType, list[Function]] | None = None
    work = list(calls)
    while work:
        call = work.pop()
        if entry_mode(call.called_function.name) not in _DIFFERENTIATING or not call.args:
            continue
        try:
            target = resolve_function(call.args[0], "")
        except DifferentiationError:
            continue  # decoding the call says what is wrong
        for fn in reachable_functions(target):
            if fn in done:
                continue
            done.add(fn)
            before = len(calls.calls)
            for value in _needing_shadows(fn):
                if isinstance(value, GlobalVariable):
                    shadow_vtable(module, value, calls)
                elif _gets_table(value) and _may_carry_derivatives(value):
                    function_table(module, value, calls)
            for fty in _callback_types(fn):
                if addressed is None:
                    addressed = _addressed_functions(module)
                for value in addressed.get(fty, ()):
                    if _gets_table(value):
                        function_table(module, value, calls)
            work += calls.calls[before:]


#: what the names of Enzyme's entry points have in common (``__enzyme_autodiff``, and the
#: Itanium names of its C++ templates)
_ENZYME_ENTRY = "__enzyme_"
#: a call whose callee is a local value (``call double %f(double …``), read from a body's text
_INDIRECT_CALL = re.compile(r'\b(?:call|invoke)\b[^\n]*?%(?:[-\w.$]+|"[^"]*")\(')
#: its last part alone, searched first: most bodies have no local name before a '(' at all,
#: and this search (a literal first character) is several times faster than the whole
#: pattern's (a match of the whole has one of this, so none of this means none of it)
_LOCAL_CALLEE = re.compile(r'%(?:[-\w.$]+|"[^"]*")\(')


def _callback_types(fn: Function) -> set[T.FunctionType]:
    """The types of ``fn``'s calls through function pointers that may carry derivatives.
    Such a pointer may have no shadow that is a table (a C callback passed ``enzyme_const`` or
    without a marker; a C++ object made outside differentiated code, whose shadow keeps the
    primal's vtable): the call then finds the table of whichever function it points to at
    run time (``ad/sweeps/indirect.py``), among the functions of its type the module takes
    the address of (a vtable's slots too), which get tables here.  For virtual calls, only
    methods taking or returning a float: every class's destructor would match a pointer's."""
    body = fn.unparsed_body
    if body is not None and not (_LOCAL_CALLEE.search(body.text) and
                                 _INDIRECT_CALL.search(body.text)):
        return set()
    found = set()
    for inst in fn.instructions():
        if not isinstance(inst, I.CallInst) or inst.called_function is not None or \
                isinstance(inst.callee, InlineAsm):
            continue
        fty = inst.function_type
        if _takes_or_gives_float(fty) if is_virtual_call(inst) else \
                _type_may_carry_derivatives(fty):
            found.add(fty)
    return found


def _takes_or_gives_float(fty: T.FunctionType) -> bool:
    return fty.ret.is_float or any(p.is_float for p in fty.params)


def _addressed_functions(module: Module) -> dict[T.FunctionType, list[Function]]:
    """The functions with a body whose address the module takes (names other than as a
    direct callee, in a body or a global's initializer), by type; not counting the function
    an Enzyme call differentiates (``__enzyme_autodiff(f, …)``: its other arguments count)."""
    named: dict[Function, None] = {}
    for g in module.globals:
        if g.initializer is not None:
            named.update(dict.fromkeys(
                v for v in _constants_in(g.initializer, set(), False) if isinstance(v, Function)))
    for fn in module.functions:
        if fn.is_declaration:
            continue
        body = fn.unparsed_body
        if body is not None:
            for line in body.lines:
                if "@" not in line:
                    continue
                differentiated = _ENZYME_ENTRY in line   # its first function: not a callback
                for match in SYMBOL_REF.finditer(line):
                    symbol = module.symbols.get(symbol_name(match.group(1))) \
                        if match.group(1) else None
                    if isinstance(symbol, Function) and not match.group(2):
                        if differentiated:
                            differentiated = False
                        else:
                            named[symbol] = None
            continue
        for inst in fn.instructions():
            operands = list(inst.args) if isinstance(inst, I.CallInst) else inst.operands
            if isinstance(inst, I.CallInst) and inst.called_function is not None and \
                    _ENZYME_ENTRY in inst.called_function.name:
                operands = operands[1:]
            for operand in operands:
                named.update(dict.fromkeys(v for v in _constants_in(operand, set(), False)
                                           if isinstance(v, Function)))
    out: dict[T.FunctionType, list[Function]] = {}
    for fn in named:
        if not fn.is_declaration:
            out.setdefault(fn.function_type, []).append(fn)
    return out


def _needing_shadows(fn: Function, in_tables: bool = False):
    """The vtables and functions whose shadows code in ``fn`` may need: every one it names
    but as the callee of a direct call or an argument of a library call (``qsort``'s
    comparator needs none); with ``in_tables``, also those held in constant tables it
    reads (a function picked from an array)."""
    if not _may_name_functions(fn, in_tables):
        return
    for inst in fn.instructions():
        operands = inst.operands
        if isinstance(inst, I.CallInst):
            callee = inst.called_function
            operands = list(inst.args) if callee is not None and not callee.is_declaration \
                else []
        for operand in operands:
            yield from _constants_in(operand, set(), in_tables)


def _may_name_functions(fn: Function, in_tables: bool) -> bool:
    """Can ``fn`` name a vtable, or a function other than as a callee?  Read from the text
    of a body not parsed yet, so that the bodies of most programs stay unparsed
    (``ir/text/unparsed.py``)."""
    body = fn.unparsed_body
    if body is None:
        return True
    module = fn.module
    for match in SYMBOL_REF.finditer(body.text):
        if not match.group(1):
            continue
        symbol = module.symbols.get(symbol_name(match.group(1)))
        if isinstance(symbol, Function) and not match.group(2):
            return True
        if isinstance(symbol, GlobalVariable) and (is_vtable(symbol) or in_tables):
            return True
    return False


def _constants_in(value: Value, seen: set, in_tables: bool):
    if value in seen:
        return
    seen.add(value)
    if isinstance(value, Function):
        yield value
    elif isinstance(value, GlobalVariable):
        if is_vtable(value):
            yield value
        elif in_tables and value.is_constant and value.initializer is not None:
            yield from _constants_in(value.initializer, seen, in_tables)
    elif isinstance(value, (ConstantExpr, ConstantAggregate)):
        for operand in value.operands:
            yield from _constants_in(operand, seen, in_tables)


def _gets_table(fn: Function) -> bool:
    """Does a function the program did not name to ``__enzyme_virtualreverse`` get a table?
    When one can be made, and its calls reach no function whose body is elsewhere (a
    library class's destructor in a vtable): differentiating it would be refused, for a
    table perhaps never called with active arguments.  Without one, its shadow is null,
    which a call through it with active arguments reports at run time."""
    if table_refusal(fn) is not None:
        return False
    return not any(callee_kind(callee) == EXTERNAL and not needs_expansion(callee.name)
                   for f in reachable_functions(fn) for callee in direct_callees(f))


def _may_carry_derivatives(fn: Function) -> bool:
    """Can a call of ``fn`` take or give a derivative (a float, or memory)?  A pointer to
    a function of integers alone (a signal handler) needs no table."""
    return _type_may_carry_derivatives(fn.function_type)


def _type_may_carry_derivatives(fty: T.FunctionType) -> bool:
    return fty.ret.is_float or any(p.is_float or p.is_pointer for p in fty.params)


def tables_by_function(module: Module) -> dict[Function, GlobalVariable]:
    """Each function that has a table, and its table."""
    out = {}
    for g in module.globals:
        if g.name.endswith(TABLE_SUFFIX):
            fn = module.get_function(g.name[:-len(TABLE_SUFFIX)])
            if fn is not None:
                out[fn] = g
    return out


# -- the table's three functions ----------------------------------------------------------------
def _interleaved(fn: Function, args: list[Value], shadows: list[Value], tangents: bool) -> list:
    """The entry point's operands: each argument, followed by its shadow (pointers) or
    tangent (floats too, forward mode), as Enzyme's defaults read them."""
    out, rest = [], iter(shadows)
    for value in args:
        out.append(value)
        if value.type.is_pointer or (tangents and value.type.is_float):
            out.append(next(rest))
    return out


def _shadowed(params, tangents: bool) -> list[T.Type]:
    return [p for p in params if p.is_pointer or (tangents and p.is_float)]


def _augment(module: Module, fn: Function, name: str, calls: EnzymeCalls) -> Function:
    params, ret = fn.function_type.params, fn.return_type
    out = T.StructType((ret, T.ptr)) if ret != T.void else T.ptr
    wrapper = _wrapper(module, f"{name}.augment", T.FunctionType(out, (*params, *_shadowed(
        params, False))))
    b = Builder(wrapper.append_block("entry"))
    n = len(params)
    operands = _interleaved(fn, wrapper.args[:n], wrapper.args[n:], False)
    call = b.call(_entry(module, "__enzyme_augmentfwd"), [fn, *operands], "augmented",
                  function_type=T.FunctionType(out, (T.ptr, *(v.type for v in operands))))
    b.ret(call)
    calls.calls.append(call)
    return wrapper


def reverse_result_type(fty: T.FunctionType) -> T.Type:
    """What a table's reverse returns: the adjoints of the float arguments."""
    floats = [p for p in fty.params if p.is_float]
    return floats[0] if len(floats) == 1 else T.StructType(tuple(floats)) if floats else T.void


def _reverse(module: Module, fn: Function, name: str, calls: EnzymeCalls) -> Function:
    params, ret = fn.function_type.params, fn.return_type
    gradients = reverse_result_type(fn.function_type)
    tail = (ret, T.ptr) if ret.is_float else (T.ptr,)
    wrapper = _wrapper(module, f"{name}.reverse", T.FunctionType(
        gradients, (*params, *_shadowed(params, False), *tail)))
    b = Builder(wrapper.append_block("entry"))
    n, m = len(params), len(params) + len(_shadowed(params, False))
    operands = [*_interleaved(fn, wrapper.args[:n], wrapper.args[n:m], False), *wrapper.args[m:]]
    call = b.call(_entry(module, "__enzyme_reverse"), [fn, *operands],
                  "" if gradients == T.void else "gradients",
                  function_type=T.FunctionType(gradients, (T.ptr, *(v.type for v in operands))))
    b.ret(None if gradients == T.void else call)
    calls.calls.append(call)
    return wrapper


def forward_result_type(fty: T.FunctionType) -> T.Type:
    """What a table's forward returns: ``{R, dR}`` for a float ``R``, else ``R``."""
    return T.StructType((fty.ret, fty.ret)) if fty.ret.is_float else fty.ret


def _forward(module: Module, fn: Function, name: str, calls: EnzymeCalls) -> Function:
    params, ret = fn.function_type.params, fn.return_type
    out = forward_result_type(fn.function_type)
    wrapper = _wrapper(module, f"{name}.forward", T.FunctionType(out, (*params, *_shadowed(
        params, True))))
    b = Builder(wrapper.append_block("entry"))
    n = len(params)
    operands = _interleaved(fn, wrapper.args[:n], wrapper.args[n:], True)
    flags = [_marker(module, "enzyme_primal_return")] if ret != T.void else []
    call = b.call(_entry(module, "__enzyme_fwddiff"), [fn, *flags, *operands],
                  "" if out == T.void else "tangent",
                  function_type=T.FunctionType(out, (T.ptr, *(v.type for v in
                                                              (*flags, *operands)))))
    b.ret(None if out == T.void else call)
    calls.calls.append(call)
    return wrapper


def table_function_of(function: Function) -> str | None:
    """The function whose table ``function`` (one of a table's three) serves, when the
    program did not ask for that table by name, else None: such a table's derivative
    may fail to be made without failing the program (``trap_table_function``)."""
    name = function.name
    for slot in (".augment", ".reverse", ".forward"):
        marker = TABLE_SUFFIX + slot
        if marker in name:
            owner = name[:name.index(marker)]
            return None if owner in _ASKED.get(function.module, ()) else owner
    return None


def trap_table_function(function: Function, owner: str, reason: str) -> None:
    """A table's function whose derivative cannot be made: its body becomes a stop with
    the reason on stderr, for a call through the table with active arguments."""
    function.drop_body()
    module = function.module
    text = (f"enzyme-opt: a pointer to {function_phrase(user_name(owner))} was called with "
            f"active arguments, but its derivatives could not be made: {reason}\n").encode()
    message = GlobalVariable(module.unique_name("enzyme_opt.table_message"),
                             T.ArrayType(len(text), T.i8), ConstantString(
                                 T.ArrayType(len(text), T.i8), text),
                             is_constant=True, prefix="private unnamed_addr")
    module.add(message)
    b = Builder(function.append_block("entry"))
    write = module.get_or_declare("write", T.FunctionType(T.i64, (T.i32, T.ptr, T.i64)))
    b.call(write, [ConstantInt(T.i32, 2), message, ConstantInt(T.i64, len(text))])
    b.call(module.get_or_declare("abort", T.FunctionType(T.void, ())), [])
    b.unreachable()


def _wrapper(module: Module, name: str, fty: T.FunctionType) -> Function:
    return module.add(Function(module.unique_name(name), fty, prefix="internal"))


def _marker(module: Module, name: str) -> GlobalVariable:
    existing = module.get(name)
    if isinstance(existing, GlobalVariable):
        return existing
    return module.add(GlobalVariable(name, T.i32, None, prefix="external"))


def _entry(module: Module, name: str) -> Function:
    """The entry point's declaration (any type: each call says its own)."""
    return module.get_function(name) or module.add(Function(name, _ANY))
