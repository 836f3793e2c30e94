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
    if missing:
        raise BackendError(f"the compiled code calls {', '.join(missing)}, which this process "
                           f"does not define: define it in the module, or load a library "
                           f"defining it with ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)",
                           filename)
    return llvm.load_native(obj)


def build_object(text: str, filename: str) -> bytes:
    canonical, module = driver.load(text.encode(), filename)
    lowered = driver.differentiate(canonical, module, filename)
    llvm.verify(lowered)
    return llvm.emit(llvm.optimize(lowered, 2), "obj")


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
    """``$ENZYME_OPT_CACHE_DIR`` when set, else no disk cache."""
    value = os.environ.get("ENZYME_OPT_CACHE_DIR")
    return Path(value) if value else None
