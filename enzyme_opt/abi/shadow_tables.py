"""Tables of pointers to globals that have shadows get shadows of their own.

``double *rows[2] = {w, w}`` at -O0 is copied from a constant table clang makes,
``@__const.f.rows = private constant [2 x ptr] [ptr @w, ptr @w]``.  With ``@w`` shadowed
(``!enzyme_shadow !{ptr @dw}``), a pointer read from the table needs a shadow too, and the
table's shadow is the same table pointing at the shadows, ``[ptr @dw, ptr @dw]``: loads
of pointers from a global with a shadow then find their shadows there, as for any memory.

Made only when it is right:

* every address the table holds is a global with a shadow (or an element of one), a
  function, or a global holding no floating-point data and no pointers (a string, a table
  of integers): those are their own shadow, as no derivative is ever added into them;
* the module owns the table (a constant, or internal): code elsewhere could otherwise store
  pointers into it that the derivative never mirrors into the shadow.

Otherwise a pointer read from the table has no shadow, and the generators refuse the
function in one line (``analysis.activity.refuse_tables_of_shadowed_globals``).
"""

from __future__ import annotations

from enzyme_opt.abi.virtual_reverse import tables_by_function
from enzyme_opt.analysis.activity import carries_data, global_shadows
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import ConstantAggregate, ConstantExpr, ConstantWrapper, Value

SUFFIX = ".shadow"


def give_tables_shadows(module: Module) -> None:
    shadows = global_shadows(module)
    shadows.update(tables_by_function(module))   # a function's shadow is its table
    changed = bool(shadows)
    while changed:  # a table of tables gets its shadow once the inner table has one
        changed = False
        for table in list(module.globals):
            if table in shadows or table.initializer is None or not _owned(table):
                continue
            mapped = _with_shadows(table.initializer, shadows)
            if mapped is None or mapped is table.initializer:
                continue
            shadow = GlobalVariable(module.unique_name(table.name + SUFFIX), table.value_type,
                                    mapped, is_constant=table.is_constant,
                                    prefix="private unnamed_addr",
                                    suffix=f", align {table.align}" if table.align else "")
            module.add(shadow, before=table)
            ref = module.add_metadata_node(f"!{{ptr {shadow.ref()}}}")
            table.suffix += f", !enzyme_shadow {ref}"
            shadows[table] = shadow
            changed = True


def _owned(table: GlobalVariable) -> bool:
    return table.is_constant or table.linkage in ("internal", "private")


def _with_shadows(value: Value, shadows: dict) -> Value | None:
    """``value`` with each global that has a shadow replaced by it (``value`` itself when
    none is in it), or None when it holds an address that cannot be its own shadow."""
    if value in shadows:
        return shadows[value]
    if isinstance(value, GlobalVariable):
        return None if carries_data(value.value_type) else value
    if isinstance(value, Function):
        return value
    if isinstance(value, ConstantWrapper):   # blockaddress, dso_local_equivalent …
        return value if all(isinstance(op, Function) for op in value.operands) else None
    if not isinstance(value, (ConstantAggregate, ConstantExpr)):
        return value if not value.operands else None   # numbers, null, poison, strings
    parts = [_with_shadows(op, shadows) for op in value.operands]
    if any(part is None for part in parts):
        return None
    if all(part is op for part, op in zip(parts, value.operands)):
        return value
    if isinstance(value, ConstantAggregate):
        return ConstantAggregate(value.type, parts)
    return ConstantExpr(value.type, value.opcode, parts, value.flags, value.source_type)
