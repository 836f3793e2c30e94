"""C++ names as the programmer wrote them (``std::vector<double>::push_back(...)``), by the
first demangler installed: diagnostics name the user's functions, and the Python API looks
C++ functions up by their spelling."""

from __future__ import annotations

import shutil
import subprocess

#: the name of the copy of a function that differentiation works on
PREPROCESS_PREFIX = "preprocess_"


def user_name(name: str) -> str:
    """The user's name for a function: ``preprocess_f`` is ``f``."""
    return name[len(PREPROCESS_PREFIX):] if name.startswith(PREPROCESS_PREFIX) else name


DEMANGLERS = ("llvm-cxxfilt-22", "llvm-cxxfilt", "c++filt")


def demangler() -> str | None:
    """The demangler to run, or None when none is installed."""
    return next((tool for tool in DEMANGLERS if shutil.which(tool)), None)


def demangle(names: list[str], tool: str | None = None) -> list[str]:
    """Demangled spellings of ``names`` (each unchanged if it cannot be)."""
    tool = tool or demangler()
    if tool is None or not names:
        return list(names)
    run = subprocess.run([tool], input="\n".join(names) + "\n", capture_output=True, text=True)
    out = run.stdout.splitlines()
    return out if len(out) == len(names) else list(names)


def function_phrase(name: str) -> str:
    """``function @f`` for a C name, ``std::f(double)`` spelled out for a C++ one
    (the user's function for the copy differentiation works on)."""
    name = user_name(name)
    if name.startswith("_Z"):
        spelled = demangle([name])[0]
        if spelled != name:
            return f"function {spelled}"
    return f"function @{name}"
