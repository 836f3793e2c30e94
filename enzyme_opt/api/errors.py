"""The Python API's exceptions: each says which argument is wrong and why.

Errors of the compiler itself (a construct enzyme-opt cannot differentiate)
are ``enzyme_opt.diagnostics.EnzymeOptError``, raised as they are: their
text is the one-line diagnostic ``enzyme-opt`` would print.
"""

from __future__ import annotations


class AnnotationError(TypeError):
    """An annotation, mode or return activity that does not fit the function
    (``Active`` on a pointer, ``Active`` in forward mode, a missing
    annotation, the wrong number of arguments)."""


class ArrayError(ValueError):
    """An array that cannot be passed as it is: wrong dtype or shape,
    not C-contiguous, read-only where the code writes, a shadow that is the
    array itself.  Never fixed by copying, which would lose the writes."""


class FunctionNotFound(KeyError):
    """``module[name]`` names no function defined in the module."""

    def __str__(self) -> str:  # KeyError would print the message quoted
        return str(self.args[0]) if self.args else ""


class ToolNotFound(FileNotFoundError):
    """A command-line tool the request needs (clang-22 for C sources) is not installed."""


class TapeError(ValueError):
    """A split-mode tape used twice, or with another thunk than its own."""
