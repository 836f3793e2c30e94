"""``enzyme_opt.load``: a module whose functions Python can call and differentiate.

``load`` accepts a ``.ll``/``.bc`` file, a C or C++ source (compiled with
clang-22), IR text or bytes, or an llvmlite module.  ``module["f"]`` looks a
function up by its LLVM name, or — for C++ — by its demangled spelling
(``"ns::f(double)"``) or its demangled name without parameters (``"ns::f"``,
when only one overload has it).  Every request on the module's functions is
compiled once and kept (``Module.entry``).
"""

from __future__ import annotations

import difflib
import re
import shutil
import subprocess
import threading
from pathlib import Path

from enzyme_opt import driver, llvm
from enzyme_opt.analysis.types import object_float_types
from enzyme_opt.api import native
from enzyme_opt.api.errors import FunctionNotFound, ToolNotFound
from enzyme_opt.api.signature import UnsupportedType, layout_of
from enzyme_opt.api.wrappers import (Request, Signature, calling_convention, entry_text, inputs,
                                     outputs)
from enzyme_opt.demangle import DEMANGLERS
from enzyme_opt.demangle import demangle as _demangle
from enzyme_opt.demangle import demangler
from enzyme_opt.diagnostics import InputError, ParseError
from enzyme_opt.ir import types as T
from enzyme_opt.ir.debuginfo import result_is_unsigned

C_SUFFIXES = {".c": "c", ".cc": "c++", ".cpp": "c++", ".cxx": "c++", ".C": "c++"}
C_LANGUAGES = frozenset(C_SUFFIXES.values())
IR_SUFFIXES = {".ll", ".bc"}
CLANG = "clang-22"

#: NumPy dtype of the memory behind a pointer, by the float type it is read as.
DTYPE_OF_FLOAT = {"double": "float64", "float": "float32", "half": "float16"}

#: Parameter attributes that change how an argument is passed in memory:
#: a plain pointer from Python would not match.
UNSUPPORTED_PARAMETER_ATTRIBUTES = ("byval", "inalloca", "preallocated", "byref")


def load(source, *, language: str | None = None, cflags=("-O2", "-g"),
         cache_dir: str | Path | None = None, filename: str | None = None) -> "Module":
    """A ``Module`` of ``source``: a path (``.ll``, ``.bc``, ``.c``, ``.cpp``
    …), LLVM IR text or bitcode bytes, an llvmlite module (anything whose
    ``str()`` is IR), or — with ``language="c"`` or ``"c++"`` — source code
    to compile.  ``cflags``: clang's flags for C/C++ (``-g``: diagnostics
    name source lines, and unsigned results are read as unsigned).
    ``cache_dir``: keep compiled objects there (default
    ``$ENZYME_OPT_CACHE_DIR``, else memory only; ``~`` is expanded)."""
    if language is not None:
        if language not in C_LANGUAGES or not isinstance(source, str):
            raise ValueError(f"language= takes 'c' or 'c++' with the source code as a string, "
                             f"got {language!r} with {type(source).__name__}")
        data, name = compile_c(None, cflags, code=source, language=language), f"<{language}>"
    else:
        data, name = _read_source(source, cflags)
    try:
        text, module = driver.load(data, filename or name)
    except ParseError as exc:
        if isinstance(source, str) and language is None and not _starts_like_ir(source):
            raise InputError(f"this string is not LLVM IR ({exc.where}: {exc.message}); C or "
                             f"C++ source needs language='c' or language='c++'",
                             filename or name) from None
        raise
    arch = (module.triple or "").split("-")[0]
    host = llvm.host_triple().split("-")[0]
    if arch == "unknown":  # llvmlite.ir's default: the host's, as with no triple
        text = re.sub(r'^target triple = "[^"]*"\n', "", text, count=1, flags=re.M)
    elif arch and arch != host:
        raise InputError(f"the module is for {module.triple}, but the Python API runs code on "
                         f"this machine ({llvm.host_triple()})", filename or name)
    cache = Path(cache_dir).expanduser() if cache_dir is not None else native.default_cache_dir()
    return Module(text, module, filename or name, cache)


def _read_source(source, cflags) -> tuple[bytes, str]:
    if isinstance(source, bytes):
        return source, "<bytes>"
    if isinstance(source, Path) or (isinstance(source, str) and _looks_like_path(source)):
        path = Path(source)
        if path.suffix in C_SUFFIXES:
            return compile_c(path, cflags), str(path)
        try:
            return path.read_bytes(), str(path)
        except OSError as exc:
            if isinstance(source, str) and not path.exists() and _looks_like_code(source):
                raise InputError("this string is neither a file nor LLVM IR: C or C++ source "
                                 "needs language='c' or language='c++' (a path, IR text or "
                                 "bitcode needs none)", _shorten(source)) from None
            raise InputError(f"cannot read the module: {exc.strerror}", str(path)) from None
    if isinstance(source, str):
        return source.encode(), "<string>"
    if type(source).__module__.startswith("llvmlite"):
        return str(source).encode(), getattr(source, "name", None) or "<llvmlite module>"
    raise TypeError(f"load() takes a path, LLVM IR text or bytes, or an llvmlite module, "
                    f"got {type(source).__name__}")


def _looks_like_path(text: str) -> bool:
    """IR text has several lines or starts like IR; a path does neither."""
    return "\n" not in text and not _starts_like_ir(text)


def _starts_like_ir(text: str) -> bool:
    return text.lstrip().startswith((";", "define", "declare", "target", "source_filename", "@",
                                     "%", "!", "attributes", "module asm", "$", "#dbg"))


def _looks_like_code(text: str) -> bool:
    """A one-line string no path would be: C (``double f(double x) {…}``)."""
    return any(c in text for c in "{};") or ("(" in text and " " in text)


def _shorten(text: str, width: int = 40) -> str:
    return repr(text if len(text) <= width else text[:width - 1] + "…")


def compile_c(path: Path | None, cflags, code: str | None = None,
              language: str | None = None) -> bytes:
    """``clang-22 <cflags> -S -emit-llvm`` of a C or C++ file, or of
    ``code`` in ``language``."""
    where = str(path) if path is not None else f"<{language}>"
    if shutil.which(CLANG) is None:
        raise ToolNotFound(f"{CLANG} is not installed: it is needed to load C or C++ sources "
                           f"({where}); install it (apt-get install clang-22) or load LLVM IR")
    if path is not None and not path.exists():
        raise InputError("no such file", where)
    source = [str(path)] if path is not None else ["-x", language, "-"]
    run = subprocess.run([CLANG, *cflags, "-S", "-emit-llvm", "-o", "-", *source],
                         input=code.encode() if code is not None else None, capture_output=True)
    if run.returncode != 0:
        lines = run.stderr.decode(errors="replace").splitlines()
        first = next((line for line in lines if "error:" in line), lines[0] if lines else "")
        raise InputError(f"{CLANG} failed: {first.strip()}", where)
    return run.stdout


class Module:
    """An LLVM module loaded for the Python API.  ``module["f"]`` is a
    ``Function``; ``names()`` lists the defined functions."""

    def __init__(self, text: str, ir, filename: str, cache_dir: Path | None):
        self.text = text
        self.ir = ir
        self.filename = filename
        self.cache_dir = cache_dir
        self._functions: dict[str, Function] = {}
        self._demangled: dict[str, str] | None = None
        self._entries: dict[Request, native.Entry] = {}
        self._lock = threading.Lock()
        self._counter = 0

    def names(self) -> list[str]:
        return [f.name for f in self.ir.functions if not f.is_declaration]

    def __contains__(self, name: str) -> bool:
        try:
            self[name]
        except FunctionNotFound:
            return False
        return True

    def __getitem__(self, name: str) -> "Function":
        llvm_name = self._resolve(name)
        function = self._functions.get(llvm_name)
        if function is None:
            function = Function(self, llvm_name, self._signature(llvm_name))
            self._functions[llvm_name] = function
        return function

    def __repr__(self) -> str:
        return f"<enzyme_opt.Module {self.filename!r}: {len(self.names())} functions>"

    # -- lookup ------------------------------------------------------------------------

    def _resolve(self, name: str) -> str:
        if not isinstance(name, str):
            raise TypeError(f"functions are looked up by name, got {type(name).__name__}")
        defined = self.names()
        if name in defined:
            return name
        declared = self.ir.get_function(name)
        if declared is not None:
            raise FunctionNotFound(f"@{name} is only declared in {self.filename}: its body is "
                                   f"not in this module")
        demangled = self.demangled()
        exact = [m for m, d in demangled.items() if _normal(d) == _normal(name)]
        if len(exact) == 1:
            return exact[0]
        stem = [m for m, d in demangled.items() if _normal(name_without_parameters(d))
                == _normal(name)]
        if len(stem) == 1:
            return stem[0]
        if len(stem) > 1:
            choices = "; ".join(sorted(demangled[m] for m in stem))
            raise FunctionNotFound(f"{name!r} is overloaded in {self.filename}: say which, "
                                   f"e.g. by its full spelling ({choices})")
        spellings = defined + list(demangled.values()) + [name_without_parameters(d)
                                                          for d in demangled.values()]
        close = difflib.get_close_matches(name, spellings, n=3)
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        raise FunctionNotFound(f"no function {name!r} is defined in {self.filename}{hint}")

    def demangled(self) -> dict[str, str]:
        """Mangled name → demangled spelling, for the defined C++ functions."""
        if self._demangled is None:
            mangled = [n for n in self.names() if n.startswith("_Z")]
            self._demangled = dict(zip(mangled, demangle(mangled))) if mangled else {}
        return self._demangled

    # -- signatures --------------------------------------------------------------------

    def _signature(self, name: str) -> Signature:
        fn = self.ir.get_function(name)
        params, readonly, dtypes = [], [], []
        for arg in fn.args:
            what = f"parameter {arg.index + 1} of @{name} ({arg.type})"
            bad = [a for a in UNSUPPORTED_PARAMETER_ATTRIBUTES if f"{a}(" in arg.attrs
                   or arg.attrs.split().count(a)]
            if bad:
                raise UnsupportedType(f"{what} is passed '{bad[0]}': the Python API passes "
                                      f"pointers and scalars only")
            params.append(_layout(arg.type, what))
            words = arg.attrs.split()
            readonly.append("readonly" in words or "readnone" in words)
            dtypes.append(_dtype(fn, arg) if arg.type.is_pointer else None)
        ret = None
        if fn.return_type != T.void:
            ret = _layout(fn.return_type, f"the result of @{name}",
                          unsigned="zeroext" in fn.ret_attrs.split()
                          or result_is_unsigned(self.ir, fn))
        return Signature(name, tuple(params), ret, tuple(readonly), tuple(dtypes),
                         calling_convention(fn.prefix))

    # -- compilation ----------------------------------------------------------------------

    def entries(self, signature: Signature, requests: list[Request]) -> list[native.Entry]:
        """The compiled entry points of ``requests``, compiled together (once)."""
        with self._lock:
            missing = [r for r in requests if r not in self._entries]
            if missing:
                texts, names = [], []
                for request in missing:
                    self._counter += 1
                    names.append(f"{native.ENTRY_PREFIX}{self._counter}")
                    texts.append(entry_text(request, signature, names[-1]))
                code = native.compile_object(self.text + "\n" + "\n".join(texts),
                                             self.filename, self.cache_dir)
                for request, name in zip(missing, names):
                    self._entries[request] = native.Entry(code, name, inputs(request, signature),
                                                          outputs(request, signature))
            return [self._entries[r] for r in requests]


def _layout(ty: T.Type, what: str, unsigned: bool = False):
    try:
        return layout_of(ty, unsigned)
    except UnsupportedType as exc:
        raise UnsupportedType(f"{what}: the Python API cannot pass {exc} values") from None


def _dtype(fn, arg) -> str | None:
    """The NumPy dtype the memory behind a pointer parameter holds, when
    every float access through it has one type (type analysis)."""
    found = {str(t) for t in object_float_types(fn, arg)}
    if len(found) == 1:
        return DTYPE_OF_FLOAT.get(found.pop())
    return None


def name_without_parameters(demangled: str) -> str:
    """``ns::f`` of ``ns::f(double)``; ``ns::h<double>`` of a template
    instance's ``double ns::h<double>(double)`` (its return type dropped)."""
    depth, start, end = 0, 0, len(demangled)
    for i, ch in enumerate(demangled):
        if ch in "<(":
            if ch == "(" and depth == 0 and i > 0 and not demangled.endswith("operator", 0, i):
                end = i
                break
            depth += ch == "<"
        elif ch == ">":
            depth -= 1
        elif ch == " " and depth == 0:
            start = i + 1
    return demangled[start:end].strip()


def _normal(spelling: str) -> str:
    return "".join(spelling.split())


def demangle(names: list[str]) -> list[str]:
    """Demangled spellings of C++ names (``enzyme_opt/demangle.py``)."""
    tool = demangler()
    if tool is None:
        raise ToolNotFound(f"looking up C++ functions by their demangled names needs one of "
                           f"{', '.join(DEMANGLERS)}; use the mangled name instead")
    return _demangle(names, tool)


class Function:
    """A function of a loaded module.  Calling it runs the primal (compiled
    with ``-O2``); ``autodiff`` and the other API functions differentiate it.
    Arguments follow the LLVM signature: numbers for scalars, NumPy arrays
    for pointers, tuples for structs."""

    def __init__(self, module: Module, name: str, signature: Signature):
        self.module = module
        self.name = name
        self.signature = signature
        self.plans: dict = {}  # the API's prepared calls (autodiff.py), by request key

    def __call__(self, *args):
        from enzyme_opt.api.plans import call_primal
        return call_primal(self, args)

    def __repr__(self) -> str:
        params = ", ".join(str(p.llvm) for p in self.signature.params)
        ret = self.signature.ret.llvm if self.signature.ret is not None else "void"
        return f"<enzyme_opt.Function {ret} @{self.name}({params})>"
