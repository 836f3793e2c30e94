"""Which accumulations into shadow memory no other GPU thread can reach.

Reverse mode adds adjoints into shadow memory: ``dx[i] += ...``.  On a GPU
another thread may add to the same place, so AD emits atomic adds — and
atomics are the main cost of a gradient kernel.  An add may be plain when
the address is *thread-private*:

- memory on the thread's own stack (an ``alloca``) — always;
- otherwise the address must be ``root + O`` with a root every thread
  sees the same (a kernel parameter, a global, a ``__shared__`` array) and
  a byte offset ``O`` that, over *every* tagged add into that root, has the
  form ``O = e·id + U + c + e·P·q``: ``id`` the thread's index
  (``ctaid.x·ntid.x + tid.x`` in the grid, ``tid.x`` within a block for
  shared memory), ``P`` the number of such indices (``ntid.x·nctaid.x``,
  resp. ``ntid.x``), ``U`` one uniform term the same for all adds, ``q``
  any integer (a grid-stride loop's iteration) and the constants ``c``
  (with the access size) spanning at most ``e`` bytes.  Then
  ``e·id + U + c + e·P·q = e·id' + U + c' + e·P·q'`` forces
  ``id ≡ id' (mod P)``, i.e. the same thread: no two threads share a byte.

Offsets are polynomials over *atoms*: the special registers
(``tid.x``, ``ntid.x`` …) and, for any other integer, the value itself.
The proof assumes what LLVM's flags promise (``nsw``/``nuw``: no wrap) and
a launch shape — one-dimensional blocks (and grid), fewer than 2³¹
threads — that the caller checks at run time (``gpu.launch_shape_check``).
Kernel parameters may alias each other unless ``noalias``
(``__restrict__``): several such roots with adds stay atomic.
"""

from __future__ import annotations

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import Function, GlobalVariable, Module
from enzyme_opt.ir.values import Argument, ConstantInt, Value

#: scopes of a private add: what it needs of the launch
THREAD, BLOCK, GRID = "thread", "block", "grid"

SREG = "llvm.nvvm.read.ptx.sreg."
Poly = dict  # monomial (sorted tuple of atoms) → integer coefficient

_TID = ("tid.x",)
_ID = {BLOCK: {_TID: 1}, GRID: {("ctaid.x", "ntid.x"): 1, _TID: 1}}
_PERIOD = {BLOCK: ("ntid.x",), GRID: ("nctaid.x", "ntid.x")}
_GRID_UNIFORM = {f"{q}.{d}" for q in ("ntid", "nctaid") for d in "xyz"}
_UNIFORM = {GRID: _GRID_UNIFORM, BLOCK: _GRID_UNIFORM | {f"ctaid.{d}" for d in "xyz"}}
#: index values below ntid.x·nctaid.x < 2³¹ (checked at run time): they
#: cannot wrap in 32 bits even where LLVM has no flag saying so
_BOUNDED = ({_TID: 1}, {("ctaid.x", "ntid.x"): 1}, _ID[GRID])
_KERNEL_CONVENTIONS = ("ptx_kernel", "amdgpu_kernel")
_MAX_DEPTH = 12


def private_accumulations(module: Module, tag: str) -> dict[I.AtomicRMWInst, str]:
    """The atomic adds tagged ``!<tag>`` that may be plain, with the scope
    (THREAD, BLOCK, GRID) their proof needs."""
    sites: dict = {}  # root → [(inst, offset, size)]
    out: dict[I.AtomicRMWInst, str] = {}
    for fn in module.functions:
        for inst in fn.instructions():
            if not isinstance(inst, I.AtomicRMWInst) or inst.get_metadata(tag) is None:
                continue
            found = _address(inst.operand(0), 0)
            if found is None:
                continue
            root, offset = found
            if isinstance(root, I.AllocaInst):
                out[inst] = THREAD
            elif _scope(root) is not None:
                sites.setdefault(root, []).append((inst, offset, T.alloc_size(inst.type)))
    aliasing = [r for r in sites if _scope(r) == GRID and not _is_noalias(r)]
    for root, accesses in sites.items():
        scope = _scope(root)
        if len(aliasing) > 1 and root in aliasing:
            continue
        if _disjoint_per_thread([(o, s) for _, o, s in accesses], scope):
            out.update((inst, scope) for inst, _, _ in accesses)
    return out


def _scope(root: Value) -> str | None:
    if isinstance(root, GlobalVariable):
        return BLOCK if root.type.addrspace == 3 else GRID
    if isinstance(root, Argument) and _is_kernel(root.parent):
        return GRID
    return None


def _is_noalias(root: Value) -> bool:
    return isinstance(root, Argument) and "noalias" in root.attrs.split()


def _is_kernel(fn: Function) -> bool:
    return any(word in _KERNEL_CONVENTIONS for word in fn.prefix.split())


def _disjoint_per_thread(accesses: list[tuple[Poly, int]], scope: str) -> bool:
    """The criterion of the module docstring, for one root."""
    period, uniform_atoms = _PERIOD[scope], _UNIFORM[scope]
    strides, uniforms, spans = set(), set(), []
    for offset, size in accesses:
        e = offset.get(_TID, 0)
        if e <= 0:
            return False
        rest = _add(offset, _ID[scope], -e)
        c = rest.pop((), 0)
        uniform = {}
        for mono, k in rest.items():
            if all(atom in uniform_atoms for atom in mono):
                uniform[mono] = k
            elif not (_contains(mono, period) and k % e == 0):
                return False
        strides.add(e)
        uniforms.add(frozenset(uniform.items()))
        spans.append((c, c + size))
    if len(strides) != 1 or len(uniforms) != 1:
        return False
    return max(end for _, end in spans) - min(start for start, _ in spans) <= strides.pop()


def _contains(mono: tuple, factor: tuple) -> bool:
    rest = list(mono)
    for atom in factor:
        if atom not in rest:
            return False
        rest.remove(atom)
    return True


# -- addresses -------------------------------------------------------------------------------
def _address(pointer: Value, depth: int) -> tuple[Value, Poly] | None:
    """(root, byte offset) of ``pointer``; through the arguments of internal
    functions whose every call passes the same root and offset."""
    offset: Poly = {}
    value = pointer
    while True:
        if isinstance(value, I.GEPInst):
            offset = _add(offset, _gep_offset(value))
            value = value.pointer
        elif isinstance(value, I.CastInst) and value.opcode in ("addrspacecast", "bitcast"):
            value = value.operand(0)
        elif isinstance(value, I.CastInst) and value.opcode == "inttoptr" and \
                isinstance(value.operand(0), I.CastInst) and value.operand(0).opcode == "ptrtoint":
            value = value.operand(0).operand(0)
        else:
            break
    if isinstance(value, Argument) and not _is_kernel(value.parent):
        if depth >= _MAX_DEPTH:
            return None
        found = _passed(value, depth)
        if found is None:
            return None
        value, passed = found
        offset = _add(offset, passed)
    return value, offset


def _passed(arg: Argument, depth: int) -> tuple[Value, Poly] | None:
    fn = arg.parent
    if fn.linkage not in ("internal", "private") or not fn.uses:
        return None
    common = None
    for use in fn.uses:
        call = use.user
        if not isinstance(call, I.CallInst) or call.callee is not fn:
            return None  # its address escapes: unknown callers
        found = _address(call.arg(arg.index), depth + 1)
        if found is None or (common is not None and (found[0] is not common[0]
                                                     or found[1] != common[1])):
            return None
        common = found
    return common


def _passed_index(arg: Argument, depth: int) -> Poly | None:
    """The index every call of an internal function passes as ``arg``."""
    fn = arg.parent
    if fn.linkage not in ("internal", "private") or _is_kernel(fn) or not fn.uses:
        return None
    common = None
    for use in fn.uses:
        call = use.user
        if not isinstance(call, I.CallInst) or call.callee is not fn:
            return None
        passed = _index(call.arg(arg.index), depth + 1)
        if common is not None and passed != common:
            return None
        common = passed
    return common


def _gep_offset(gep: I.GEPInst) -> Poly:
    indices = gep.indices
    offset = _scale(_index(indices[0]), T.alloc_size(gep.source_type))
    ty = gep.source_type
    for index in indices[1:]:
        if isinstance(ty, (T.StructType, T.NamedStructType)):
            field = index.value
            offset = _add(offset, {(): T.DEFAULT_LAYOUT.struct_layout(ty)[1][field]})
            ty = ty.elements[field]
        else:
            ty = ty.element
            offset = _add(offset, _scale(_index(index), T.alloc_size(ty)))
    return offset


def _index(value: Value, depth: int = 0) -> Poly:
    """The integer ``value`` as a polynomial over atoms."""
    if isinstance(value, ConstantInt):
        return {(): value.value} if value.value else {}
    opaque = {(f"%{id(value)}",): 1}
    if depth > _MAX_DEPTH:
        return opaque
    if isinstance(value, Argument):
        return _passed_index(value, depth) or opaque
    if not isinstance(value, I.Instruction):
        return opaque
    fn = value.called_function if isinstance(value, I.CallInst) else None
    if fn is not None and fn.name.startswith(SREG):
        return {(fn.name[len(SREG):],): 1}
    op, flags = value.opcode, value.flags.split()
    if op in ("zext", "sext"):
        return _index(value.operand(0), depth + 1)
    if op == "trunc":
        return _index(value.operand(0), depth + 1) if {"nuw", "nsw"} & set(flags) else opaque
    if op not in ("add", "sub", "mul", "shl", "or"):
        return opaque
    a, b = (_index(v, depth + 1) for v in value.operands)
    if op == "add" or (op == "or" and "disjoint" in flags):
        result = _add(a, b)
    elif op == "sub":
        result = _add(a, b, -1)
    elif op == "mul":
        result = _mul(a, b)
    elif op == "shl" and isinstance(value.operand(1), ConstantInt):
        result = _scale(a, 1 << value.operand(1).value)
    else:
        return opaque
    wraps = value.type.is_int and value.type.bits < 64 and not {"nuw", "nsw"} & set(flags)
    if wraps and result not in _BOUNDED:
        return opaque
    return result


def _add(a: Poly, b: Poly, k: int = 1) -> Poly:
    out = dict(a)
    for mono, c in b.items():
        out[mono] = out.get(mono, 0) + k * c
        if out[mono] == 0:
            del out[mono]
    return out


def _scale(a: Poly, k: int) -> Poly:
    return {mono: c * k for mono, c in a.items()} if k else {}


def _mul(a: Poly, b: Poly) -> Poly:
    out: Poly = {}
    for ma, ca in a.items():
        for mb, cb in b.items():
            out = _add(out, {tuple(sorted(ma + mb)): ca * cb})
    return out
