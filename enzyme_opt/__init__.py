"""enzyme-opt: Enzyme-style automatic differentiation of LLVM IR, in Python.

The command-line compiler is ``enzyme_opt.cli``; the Python API with
Enzyme.jl's interface (``load``, ``autodiff``, ``gradient``, ``jacobian``,
``Reverse``, ``Active``, ``Duplicated`` …) is ``enzyme_opt.api``, whose
names are importable from here: ``from enzyme_opt import autodiff``.
They are imported on first use, so the command line does not pay for
NumPy.
"""

__version__ = "0.1.0"

#: Names re-exported from enzyme_opt.api (imported lazily, PEP 562).
API_NAMES = frozenset({
    "load", "Module", "Function",
    "autodiff", "autodiff_thunk", "gradient", "jacobian", "hvp", "hvp_and_gradient", "Tape",
    "DerivsAndVal",
    "Forward", "ForwardWithPrimal", "Reverse", "ReverseWithPrimal", "ReverseSplitWithPrimal",
    "ReverseSplitNoPrimal", "Mode",
    "Annotation", "Const", "Active", "Duplicated", "DuplicatedNoNeed", "BatchDuplicated",
    "BatchDuplicatedNoNeed",
    "AnnotationError", "ArrayError", "FunctionNotFound", "TapeError", "ToolNotFound",
    "UnsupportedType",
})
__all__ = sorted(API_NAMES)


def __getattr__(name: str):
    if name in API_NAMES:
        from enzyme_opt import api
        return getattr(api, name)
    raise AttributeError(f"module 'enzyme_opt' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | API_NAMES)
