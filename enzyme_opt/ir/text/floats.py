"""LLVM's hexadecimal spellings of the floating-point types other than
``float`` and ``double``, to and from Python floats.

LLVM writes these constants only in hex, each kind with its own letter and
layout (LangRef, "Simple Constants"): ``0xH`` half and ``0xR`` bfloat (the
16 bits), ``0xK`` x86_fp80 (the 80 bits: sign and exponent, then a 64-bit
significand with an explicit integer bit), ``0xL`` fp128 (the low 64 bits,
then the high 64), ``0xM`` ppc_fp128 (two doubles, the high-order one
first).  A Python float (a double) is spelled exactly where the type can
hold it, else rounded to nearest, ties to even.
"""

from __future__ import annotations

import math
import struct
from fractions import Fraction

# kind → (letter, exponent bits, fraction bits, explicit integer bit)
IEEE_FORMATS = {
    "half": ("H", 5, 10, False),
    "bfloat": ("R", 8, 7, False),
    "x86_fp80": ("K", 15, 63, True),
    "fp128": ("L", 15, 112, False),
}
LETTERS = {letter: kind for kind, (letter, *_) in IEEE_FORMATS.items()} | {"M": "ppc_fp128"}


def _double_bits(value: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", value))[0]


def _double(bits: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def encode(kind: str, value: float) -> int:
    """The bits of ``value`` in an IEEE-style format of ``IEEE_FORMATS``."""
    _, ebits, fbits, explicit = IEEE_FORMATS[kind]
    sign = 1 if math.copysign(1.0, value) < 0 else 0
    top = (1 << ebits) - 1
    integer_bit = (1 << fbits) if explicit else 0
    if math.isnan(value):
        exponent, fraction = top, integer_bit | (1 << (fbits - 1))
    elif math.isinf(value):
        exponent, fraction = top, integer_bit
    elif value == 0:
        exponent, fraction = 0, 0
    else:
        bias = (1 << (ebits - 1)) - 1
        exact = Fraction(abs(value))
        scale = max(math.frexp(abs(value))[1] - 1, 1 - bias)   # subnormals: 1 - bias
        significand = round(exact / Fraction(2) ** scale * (1 << fbits))  # ties to even
        if significand >= 2 << fbits:                           # rounding carried
            significand //= 2
            scale += 1
        normal = significand >= 1 << fbits
        exponent = scale + bias if normal else 0
        if exponent >= top:
            exponent, fraction = top, integer_bit               # overflow: infinity
        else:
            fraction = significand if explicit else significand - (normal << fbits)
    width = 1 + ebits + fbits + (1 if explicit else 0)
    return (sign << (width - 1)) | (exponent << (width - 1 - ebits)) | fraction


def decode(kind: str, bits: int) -> float:
    """The value of the bits of an ``IEEE_FORMATS`` kind, as a Python float."""
    _, ebits, fbits, explicit = IEEE_FORMATS[kind]
    width = 1 + ebits + fbits + (1 if explicit else 0)
    sign = -1.0 if bits >> (width - 1) else 1.0
    exponent = (bits >> (width - 1 - ebits)) & ((1 << ebits) - 1)
    fraction = bits & ((1 << fbits) - 1)
    if exponent == (1 << ebits) - 1:
        return math.copysign(math.nan, sign) if fraction else sign * math.inf
    bias = (1 << (ebits - 1)) - 1
    significand = fraction + ((exponent != 0) << fbits)
    scale = max(exponent, 1) - bias - fbits
    try:
        return sign * float(Fraction(significand) * Fraction(2) ** scale)
    except OverflowError:
        return sign * math.inf


def spell(kind: str, value: float) -> str:
    """LLVM's hex text of ``value`` as a constant of ``kind`` (not float/double)."""
    if kind == "ppc_fp128":
        return f"0xM{_double_bits(value):016X}{0:016X}"
    letter, ebits, fbits, explicit = IEEE_FORMATS[kind]
    bits = encode(kind, value)
    if kind == "fp128":
        return f"0xL{bits & (2**64 - 1):016X}{bits >> 64:016X}"
    digits = (1 + ebits + fbits + explicit + 3) // 4
    return f"0x{letter}{bits:0{digits}X}"


def read(text: str) -> float:
    """The value of an ``0x<letter>…`` literal (the letter is in ``LETTERS``)."""
    kind, digits = LETTERS[text[2]], text[3:]
    if kind == "ppc_fp128":
        high, low = _double(int(digits[:16], 16)), _double(int(digits[16:], 16))
        return high + low if low else high
    if kind == "fp128":
        return decode(kind, int(digits[16:], 16) << 64 | int(digits[:16], 16))
    return decode(kind, int(digits, 16))
