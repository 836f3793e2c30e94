"""The undefined symbols of an ELF object file, and whether this process has them.

MCJIT links an object into the process by resolving each undefined symbol
(``sin``, ``malloc``, a function the module only declares) against the
process; one it cannot find becomes address 0 and the first call through
it crashes.  So before linking we read the object's symbol table — the
ELF64 little-endian layout of Linux, the only one this needs — and refuse
what the process lacks, by name.
"""

from __future__ import annotations

import ctypes
import struct

SHT_SYMTAB = 2
SHN_UNDEF = 0
STB_WEAK = 2


def undefined_symbols(obj: bytes) -> list[str] | None:
    """Names the object needs from elsewhere (weak ones excepted); None when
    ``obj`` is not a 64-bit little-endian ELF file."""
    if obj[:4] != b"\x7fELF" or obj[4] != 2 or obj[5] != 1:
        return None
    shoff, = struct.unpack_from("<Q", obj, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", obj, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", obj, shoff + i * shentsize)
                for i in range(shnum)]
    names = []
    for _, kind, _, _, offset, size, link, _, _, entsize in sections:
        if kind != SHT_SYMTAB:
            continue
        strings = sections[link][4]
        for at in range(offset + entsize, offset + size, entsize):  # entry 0 is null
            name_at, info, _, shndx, _, _ = struct.unpack_from("<IBBHQQ", obj, at)
            if shndx == SHN_UNDEF and name_at and info >> 4 != STB_WEAK:
                end = obj.index(b"\0", strings + name_at)
                names.append(obj[strings + name_at:end].decode())
    return names


_PROCESS = ctypes.CDLL(None)


def missing_in_process(names: list[str]) -> list[str]:
    """The names the process's global symbol scope does not define."""
    return [name for name in names if not hasattr(_PROCESS, name)]
