"""Malformed IR text makes ``parse_module`` raise ``ParseError`` (a user-facing
``EnzymeOptError``) with a message and a 1-based ``line`` -- never a Python
crash such as IndexError/KeyError."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from enzyme_opt.diagnostics import EnzymeOptError, ParseError
from enzyme_opt.ir import parse_module

SAMPLES = Path(__file__).resolve().parents[2] / "roundtrip" / "samples"

VALID = """\
source_filename = "ok.c"
target triple = "x86_64-pc-linux-gnu"

@s = private unnamed_addr constant [3 x i8] c"ab\\00", align 1

define double @f(double %a) {
entry:
  %x = fmul double %a, %a
  ret double %x
}
"""

# id -> (text, first plausible line, last plausible line, words the message must contain)
BAD = {
    "unclosed-parameter-list": (
        'target triple = "x86_64-pc-linux-gnu"\n'
        "\n"
        "define double @f( {\n"
        "  ret double 0.0\n"
        "}\n",
        3, 4, []),  # LLVM itself points at line 4: `{` can start a struct type
    "unknown-opcode": (
        "define double @f(double %a) {\n"
        "  %x = frobnicate double %a\n"
        "  ret double %x\n"
        "}\n",
        2, 2, ["frobnicate"]),
    "unterminated-c-string": (
        'source_filename = "x.c"\n'
        '@s = constant [3 x i8] c"ab\n',
        2, 3, []),
    "unterminated-source-filename": (
        '@s = private constant [3 x i8] c"ab\\00", align 1\n'
        "@t = global ptr @s\n"
        'source_filename = "unterminated\n',
        3, 4, []),
    "unterminated-string-attribute": (
        'define void @g() #0 {\n'
        "  ret void\n"
        "}\n"
        'attributes #0 = { "target-cpu"="x86-64 }\n',
        4, 5, []),
    "missing-closing-brace": (
        "define i32 @g(i32 %a) {\n"
        "  %b = add i32 %a, 1\n"
        "  ret i32 %b\n",
        1, 4, []),
    "undefined-value": (
        "define i32 @g(i32 %a) {\n"
        "  %b = add i32 %a, %nope\n"
        "  ret i32 %b\n"
        "}\n",
        2, 4, ["nope"]),
    "bad-type": (
        "define i32 @g(i32 %a) {\n"
        "  %b = add i33x %a, 1\n"
        "  ret i32 %b\n"
        "}\n",
        2, 2, []),
    "not-ir": ("hello world\n", 1, 1, []),
}


def _parse_error(text: str, filename: str = "bad.ll") -> ParseError:
    with pytest.raises(ParseError) as info:
        parse_module(text, filename=filename)
    return info.value


def test_parse_error_is_an_enzyme_opt_error():
    assert issubclass(ParseError, EnzymeOptError)


def test_valid_module_parses():
    # control: the error tests below must not pass merely because everything fails
    parse_module(VALID, filename="ok.ll")


@pytest.mark.parametrize("text,lo,hi,words", [pytest.param(*v, id=k) for k, v in BAD.items()])
def test_malformed_text_raises_parse_error(text, lo, hi, words):
    err = _parse_error(text)
    assert isinstance(err, EnzymeOptError)
    assert str(err).strip(), "ParseError without a message"
    assert isinstance(err.line, int), f"line should be an int, got {err.line!r}"
    assert lo <= err.line <= hi, f"line {err.line} not in [{lo}, {hi}]: {err}"
    for word in words:
        assert word in str(err), f"{word!r} not mentioned in {str(err)!r}"


def test_error_names_file_and_line():
    err = _parse_error(BAD["unknown-opcode"][0], filename="kernel.ll")
    assert err.line == 2
    assert "kernel.ll:2" in str(err), str(err)


def _cut_points(text: str, count: int) -> list[int]:
    """``count`` offsets spread over the interiors of the function bodies."""
    spans = [(m.start(), m.end()) for m in re.finditer(r"^define [^\n]*\{\n.*?^\}$", text,
                                                        re.M | re.S)]
    inner = [off for start, end in spans for off in range(text.index("{\n", start) + 2, end - 1)]
    step = max(1, len(inner) // count)
    return inner[step // 2::step][:count]


@pytest.mark.parametrize("sample", ["asm_goto.c-O0-g.ll", "virtual_eh.cpp-O2.ll"])
def test_truncated_module_raises_parse_error(sample):
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    parse_module(text, filename=sample)  # the whole sample is fine
    for cut in _cut_points(text, 12):
        truncated = text[:cut]
        try:
            parse_module(truncated, filename=sample)
        except ParseError as err:
            assert isinstance(err.line, int) and 1 <= err.line <= truncated.count("\n") + 1, \
                f"cut at {cut}: bad line {err.line!r}: {err}"
        else:
            pytest.fail(f"{sample} cut at offset {cut} (inside a function body) parsed "
                        f"without error; text ends with {truncated[-60:]!r}")
