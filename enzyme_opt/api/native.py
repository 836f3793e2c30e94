"""Entry points compiled once, called many times.

Compiling a request is the user's pipeline, in-process: enzyme-opt lowers
the Enzyme calls of the module with the entry points appended
(``driver.differentiate``), LLVM's ``-O2`` optimizes everything together,
and the object file is linked into this process (``llvm.load_native``).
Objects may be kept on disk, keyed by a hash of the module's text with the
entry points, the compiler's own sources and the host: a second Python
process then skips straight to linking.

``Entry`` is the calling side: one ``ctypes`` function type for every
entry point (``void(ptr io)``, see ``signature.py``).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import struct
from functools import lru_cache
from pathlib import Path

from enzyme_opt import driver, llvm
from enzyme_opt.api.elf import missing_in_process, undefined_symbols
from enzyme_opt.api.signature import scalars
from enzyme_opt.diagnostics import BackendError

_ENTRY_TYPE = ctypes.CFUNCTYPE(None, ctypes.c_char_p)


class Entry:
    """A compiled entry point: ``call(values)`` packs the input slot values,
    runs the native code and returns the result slot values (a tuple)."""

    __slots__ = ("code", "name", "_function", "_inputs", "_outputs", "_offset", "_size")

    def __init__(self, code: llvm.NativeCode, name: str, inputs, outputs):
        address = code.address(name)
        if not address:
            raise RuntimeError(f"internal error: the compiled module has no @{name}")
        self.code = code  # keeps the machine code alive
        self.name = name
        self._function = _ENTRY_TYPE(address)
        self._inputs = struct.Struct("<" + "".join(s.pack for slot in inputs
                                                   for s in scalars(slot.layout)))
        self._outputs = struct.Struct("<" + "".join(s.unpack for slot in outputs
                                                    for s in scalars(slot.layout)))
        self._offset = self._inputs.size
        self._size = max(1, self._inputs.size + self._outputs.size)

    def call(self, values) -> tuple:
        buffer = ctypes.create_string_buffer(self._size)
        self._inputs.pack_into(buffer, 0, *values)
        self._function(buffer)
        return self._outputs.unpack_from(buffer, self._offset)


def compile_object(text: str, filename: str, cache_dir: Path | None) -> llvm.NativeCode:
    """Machine code for the module ``text`` (its Enzyme calls lowered)."""
    key = hashlib.sha256("\0".join((compiler_fingerprint(), llvm.host_triple(),
                                    text)).encode()).hexdigest()
    path = cache_dir / f"{key}.o" if cache_dir is not None else None
    obj = _read(path)
    if obj is None:
        obj = build_object(text, filename)
        _write(path, obj)
    missing = missing_in_process(undefined_symbols(obj) or [])
    wanted = {lib for lib, prefix in RUNTIME_LIBRARIES for n in missing if n.startswith(prefix)}
    if wanted:
        for library in sorted(wanted):
            load_runtime_library(library)
        missing = missing_in_process(missing)
    if missing:
        helpers = [name for name in missing if name in RUNTIME_HELPERS]
        hint = (f" ({', '.join(helpers)}: helpers of the compiler's run-time library, which "
                f"libgcc_s.so.1 defines from GCC 12 on, or compiler-rt's builtins)"
                if helpers else "")
        raise BackendError(f"the compiled code calls {', '.join(missing)}, which this process "
                           f"does not define{hint}: define it in the module, or load a library "
                           f"defining it with ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)",
                           filename)
    return llvm.load_native(obj)


#: Shared libraries of the language run-times, loaded into the process
#: (``RTLD_GLOBAL``) when compiled code needs a name it lacks that starts with
#: the prefix: the compiler's helpers for what the machine has no instruction
#: for (``_Float16`` arithmetic on x86-64 without F16C: ``__extendhfsf2``,
#: ``__truncsfhf2``; 128-bit division), and C++'s library (``operator new``,
#: ``std::__throw_length_error``: a ``std::vector``), which Python does not load.
RUNTIME_LIBRARIES = (("libgcc_s.so.1", "__"), ("libstdc++.so.6", "_Z"))
#: helpers known to live there, named in the error when none of them loads
RUNTIME_HELPERS = frozenset({
    "__extendhfsf2", "__extendhfdf2", "__truncsfhf2", "__truncdfhf2", "__extendbfsf2",
    "__truncsfbf2", "__truncdfbf2", "__divti3", "__udivti3", "__modti3", "__umodti3",
    "__muloti4", "__floattidf", "__floattisf", "__fixdfti", "__fixsfti", "__fixunsdfti",
    "__fixunssfti", "__floatuntidf", "__floatuntisf", "__powidf2", "__powisf2",
    "__muldc3", "__mulsc3", "__divdc3", "__divsc3", "__popcountdi2", "__popcountti2"})


@lru_cache(maxsize=None)
def load_runtime_library(name: str) -> None:
    """Load a run-time library for good, once; one missing is no error (the
    symbols it would define are then reported missing)."""
    try:
        ctypes.CDLL(name, mode=ctypes.RTLD_GLOBAL)
    except OSError:
        pass


#: the names of the entry points (``Module.entries``): what an object exports
ENTRY_PREFIX = "enzyme_opt.api.entry"


def build_object(text: str, filename: str) -> bytes:
    """The object of a module with its entry points: only they stay
    external, so code no entry point reaches is left out — with the
    external functions only it calls, which the process need not define."""
    canonical, module = driver.load(text.encode(), filename)
    lowered = driver.differentiate(canonical, module, filename)
    return llvm.optimize_and_emit(lowered, 2, "obj", exported=(ENTRY_PREFIX,))


def _read(path: Path | None) -> bytes | None:
    if path is None:
        return None
    try:
        return path.read_bytes()
    except OSError:
        return None


def _write(path: Path | None, data: bytes) -> None:
    """Write atomically (another process may read the same key); a cache
    that cannot be written is not an error."""
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except OSError:
        pass


@lru_cache(maxsize=1)
def compiler_fingerprint() -> str:
    """A hash of enzyme-opt's own sources: a changed compiler never reuses
    objects the old one made."""
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for source in sorted(root.rglob("*.py")):
        digest.update(str(source.relative_to(root)).encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()


def default_cache_dir() -> Path | None:
    """``$ENZYME_OPT_CACHE_DIR`` when set (``~`` expanded), else no disk cache."""
    value = os.environ.get("ENZYME_OPT_CACHE_DIR")
    return Path(value).expanduser() if value else None
