"""Enzyme.jl's interface from Python, over any LLVM function.

    import numpy as np
    from enzyme_opt import load, autodiff, gradient, Reverse, Active, Duplicated

    m = load("model.c")                      # or .ll / .bc / IR text
    f = m["f"]                               # double f(const double *x)
    gradient(Reverse, f, np.array([2.0, 3.0]))

Each (function, mode, annotations, width) is differentiated by enzyme-opt,
optimized with -O2 and linked into this process once; later calls cost a
few microseconds plus the native code.  See docs/python.md.
"""

from enzyme_opt.api.annotations import (Active, Annotation, BatchDuplicated,
                                        BatchDuplicatedNoNeed, Const, Duplicated,
                                        DuplicatedNoNeed, Forward, ForwardWithPrimal, Mode,
                                        Reverse, ReverseSplitNoPrimal, ReverseSplitWithPrimal,
                                        ReverseWithPrimal)
from enzyme_opt.api.autodiff import Tape, autodiff, autodiff_thunk
from enzyme_opt.api.errors import (AnnotationError, ArrayError, FunctionNotFound, TapeError,
                                   ToolNotFound)
from enzyme_opt.api.module import Function, Module, load
from enzyme_opt.api.signature import UnsupportedType
from enzyme_opt.api.sugar import DerivsAndVal, gradient, hvp, hvp_and_gradient, jacobian

__all__ = [
    "load", "Module", "Function",
    "autodiff", "autodiff_thunk", "Tape", "gradient", "jacobian", "hvp", "hvp_and_gradient",
    "DerivsAndVal",
    "Forward", "ForwardWithPrimal", "Reverse", "ReverseWithPrimal", "ReverseSplitWithPrimal",
    "ReverseSplitNoPrimal", "Mode",
    "Annotation", "Const", "Active", "Duplicated", "DuplicatedNoNeed", "BatchDuplicated",
    "BatchDuplicatedNoNeed",
    "AnnotationError", "ArrayError", "FunctionNotFound", "TapeError", "ToolNotFound",
    "UnsupportedType",
]
