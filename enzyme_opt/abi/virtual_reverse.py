"""``__enzyme_virtualreverse(f)``: the shadow of a function pointer in reverse mode.

In Enzyme the shadow of a pointer to ``f`` is a table of two functions, ``{augment,
reverse}``: ``augment(args…)`` runs ``f`` and returns ``{result, tape}``, and ``reverse(args…,
d_result, tape)`` returns the adjoints of ``f``'s float arguments — the pair a program
writes itself with ``__enzyme_augmentfwd`` and ``__enzyme_reverse`` (a struct holding a
function pointer whose shadow points to such a table).  ``__enzyme_virtualreverse(f)``
makes that table.

Here the call becomes the address of a table whose two functions are written with those
two entry points, so the rest of the pipeline lowers them as any other call (the new calls
replace this one in ``EnzymeCalls``).  Only functions that take and return floats by value
are accepted, and at most two doubles or one float (the reverse function returns the
adjoints in a struct, which C returns in registers only then): with pointer arguments the
table's calling convention (where the shadows go) would be a guess, and a table the
program calls with another convention than ours computes wrong numbers silently.  enzyme-opt itself never calls through a shadow table (an
indirect call with active arguments is refused), so the table is for the program's own use.
"""

from __future__ import annotations

from enzyme_opt.abi.entries import EnzymeCalls, entry_mode, resolve_function
from enzyme_opt.diagnostics import DifferentiationError
from enzyme_opt.ir import types as T
from enzyme_opt.ir.builder import Builder
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantAggregate

ENTRY = "virtualreverse"
_ANY = T.FunctionType(T.ptr, (T.ptr,), varargs=True)


def lower_virtual_reverse(module: Module, calls: EnzymeCalls, where_of) -> None:
    """Each ``__enzyme_virtualreverse(f)`` call becomes ``f``'s table."""
    for call in [c for c in calls if entry_mode(c.called_function.name) == ENTRY]:
        where = where_of(call)
        if len(call.args) != 1:
            raise DifferentiationError("__enzyme_virtualreverse takes one argument, the "
                                       "function", where)
        fn = resolve_function(call.args[0], where)
        table, new_calls = _table(module, fn, where)
        call.replace_all_uses_with(table)
        calls.replaced(call, new_calls)
        call.erase()


def _table(module: Module, fn: Function, where: str) -> tuple[GlobalVariable, list]:
    name = f"{fn.name}.virtual"
    existing = module.get(name)
    if isinstance(existing, GlobalVariable):
        return existing, []
    params, ret = fn.function_type.params, fn.return_type
    if fn.function_type.varargs or not all(p.is_float for p in params) \
            or not (ret == T.void or ret.is_float):
        raise DifferentiationError(
            f"__enzyme_virtualreverse of @{fn.name}: only a function taking and returning "
            f"floating-point values (not pointers or aggregates) gets a table: with pointers, "
            f"where the table's functions take the shadows would be a guess", where)
    if len(params) > 2 or (len(params) == 2 and params != (T.f64, T.f64)):
        raise DifferentiationError(
            f"__enzyme_virtualreverse of @{fn.name}: only a function of one float or double, "
            f"or of two doubles, gets a table: its reverse returns the adjoints as C returns "
            f"a struct of them, in registers only then", where)
    augmented_type = T.StructType((ret, T.ptr)) if ret != T.void else T.ptr
    augment = _wrapper(module, f"{name}.augment", T.FunctionType(augmented_type, params))
    b = Builder(augment.append_block("entry"))
    first = b.call(_entry(module, "__enzyme_augmentfwd"), [fn, *augment.args], "augmented",
                   function_type=T.FunctionType(augmented_type, (T.ptr, *params)))
    b.ret(first)
    gradients = params[0] if len(params) == 1 else \
        T.StructType(tuple(params)) if params else T.void
    tail = (ret, T.ptr) if ret != T.void else (T.ptr,)
    reverse = _wrapper(module, f"{name}.reverse", T.FunctionType(gradients, (*params, *tail)))
    b = Builder(reverse.append_block("entry"))
    second = b.call(_entry(module, "__enzyme_reverse"), [fn, *reverse.args],
                    "" if gradients == T.void else "gradients",
                    function_type=T.FunctionType(gradients, (T.ptr, *params, *tail)))
    b.ret(None if gradients == T.void else second)
    ty = T.ArrayType(2, T.ptr)
    table = module.add(GlobalVariable(module.unique_name(name), ty,
                                      ConstantAggregate(ty, [augment, reverse]),
                                      is_constant=True, prefix="internal"))
    return table, [first, second]


def _wrapper(module: Module, name: str, fty: T.FunctionType) -> Function:
    return module.add(Function(module.unique_name(name), fty, prefix="internal"))


def _entry(module: Module, name: str) -> Function:
    """The entry point's declaration (any type: each call says its own)."""
    return module.get_function(name) or module.add(Function(name, _ANY))

