"""One small exception tree for everything enzyme-opt reports to users.

Each error carries what the CLI needs to print one line
``enzyme-opt: error: <where>: <what>``: a source location (``file.c:12``
from ``!dbg`` when known, else ``<input>:<line>`` or the function/block)
and the message.  Never a traceback, never a module dump.
"""

from __future__ import annotations


class EnzymeOptError(Exception):
    """Base of all user-facing errors."""

    def __init__(self, message: str, where: str | None = None):
        super().__init__(message)
        self.message = message
        self.where = where

    def render(self) -> str:
        where = f"{self.where}: " if self.where else ""
        return f"enzyme-opt: error: {where}{self.message}"

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message

    def __reduce__(self):
        """Pickled whole (``llvm.isolated`` hands errors back from a child)."""
        return _rebuild, (type(self), dict(self.__dict__))


def _rebuild(cls, state: dict) -> EnzymeOptError:
    error = cls.__new__(cls)
    Exception.__init__(error, state.get("message", ""))
    error.__dict__.update(state)
    return error


class InputError(EnzymeOptError):
    """The input cannot be read: missing file, empty, not LLVM IR."""


class OutputError(EnzymeOptError):
    """The output file cannot be written: its directory is missing, it is
    a directory, the file system refuses it."""


class ParseError(EnzymeOptError):
    """Text that is not the IR we understand; ``line`` is 1-based."""

    def __init__(self, message: str, filename: str = "<input>", line: int | None = None,
                 source_line: str | None = None):
        where = f"{filename}:{line}" if line is not None else filename
        super().__init__(message, where)
        self.filename = filename
        self.line = line
        self.source_line = source_line


class VerifyError(EnzymeOptError):
    """LLVM's verifier rejected a module."""


class DifferentiationError(EnzymeOptError):
    """A derivative cannot be generated (unsupported construct, bad ABI use)."""


class BackendError(EnzymeOptError):
    """LLVM could not optimize or generate code for the output (an
    operation the target has no instruction for, …)."""


class UsageError(EnzymeOptError):
    """Command-line misuse (e.g. bitcode to a terminal)."""


def warn(message: str, where: str | None = None) -> None:
    """One line on stderr, ``enzyme-opt: warning: <where>: <what>``: something the
    output does that the user may not expect, and which flag or flow avoids it."""
    import sys
    place = f"{where}: " if where else ""
    print(f"enzyme-opt: warning: {place}{message}", file=sys.stderr)
