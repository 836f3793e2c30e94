"""LLVM's hex spellings of half, bfloat, x86_fp80, fp128 and ppc_fp128
constants (enzyme_opt/ir/text/floats.py); the expected texts are opt-22's own."""

from __future__ import annotations

import math

import pytest

from enzyme_opt.ir.text import floats

OPT_SPELLINGS = [                      # what `opt-22 -passes=instcombine` folds them to
    ("fp128", 1.5, "0xL00000000000000003FFF800000000000"),
    ("fp128", -math.inf, "0xL0000000000000000FFFF000000000000"),
    ("x86_fp80", -3.0e-310, "0xKBBFADCE6894ACA040000"),
    ("x86_fp80", math.nan, "0xK7FFFC000000000000000"),
    ("ppc_fp128", 1.5, "0xM3FF80000000000000000000000000000"),
    ("bfloat", 1.5, "0xR3FC0"),
    ("half", 1.0, "0xH3C00"),
]


@pytest.mark.parametrize("kind, value, text", OPT_SPELLINGS)
def test_spelled_as_llvm_does(kind, value, text):
    assert floats.spell(kind, value) == text


@pytest.mark.parametrize("kind", ["x86_fp80", "fp128", "ppc_fp128"])
@pytest.mark.parametrize("value", [0.0, -0.0, 1.0, -2.5, 0.1, 1e-300, 5e-324, 1e300, math.inf])
def test_wide_kinds_hold_every_double(kind, value):
    back = floats.read(floats.spell(kind, value))
    assert back == value and math.copysign(1, back) == math.copysign(1, value)


def test_narrow_kinds_round_to_nearest():
    assert floats.spell("half", 65520.0) == "0xH7C00"      # ties to even: infinity
    assert floats.spell("half", 6e-8) == "0xH0001"         # the smallest subnormal
    assert floats.read(floats.spell("bfloat", 0.1)) == 0.10009765625
