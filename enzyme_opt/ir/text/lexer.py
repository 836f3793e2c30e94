"""Tokens of LLVM's textual IR, as plain strings.

A token's first character tells its kind (``%`` local, ``@`` global, ``!``
metadata, ``#`` attribute group or debug record, ``"`` string, a digit or
sign a number, a letter a keyword), so the parser compares strings and
never builds token objects: lexing is one C-level ``re.findall``.  Line ends
are kept as ``"\\n"`` tokens because an instruction ends with its line.
"""

from __future__ import annotations

import re

from enzyme_opt.diagnostics import ParseError
from enzyme_opt.ir.values import CAST_OPCODES, unescape_string

_TOKEN = re.compile(r"""
    (?:[ \t\r]+ | ;[^\n]*)*+                    # blanks and comments before a token: skipped
    ( \n
    | [=,()\[\]{}<>*|^]                         # punctuation and local / global names first:
    | [%@][-\w$.]+ | [%@]"[^"]*"                # the commonest tokens, which no alternative
    | (?:[-\w$.]++|"[^"]*+"):(?![:=])           # label definition  "bb:"  (before them matches)
    | \$"[^"]*" | \$[-\w$.]+ | :                # comdat names ("$c:" is a label, as before)
    | !"[^"]*" | ![-\w$.\\]*                    # metadata string / name / '!'
    | \#dbg_\w+ | \#\d+                          # debug record / attribute group
    | c"[^"]*" | "[^"]*"                        # strings
    | 0x[KLMHR]?[0-9A-Fa-f]+                    # hex numbers and floats
    | [-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?       # decimal numbers
    | [A-Za-z_][\w.$]*                          # keywords and words
    | \.\.\.
    | \S                                        # anything else: parser error
    | \Z )                                      # blanks or a comment ending the text
""", re.VERBOSE)


def tokenize(text: str) -> list[str]:
    """The tokens of ``text``.  Blanks and comments are matched as the (possessive) prefix
    of the token after them, so ``findall`` makes one match per token; only the end of the
    text, reached through trailing blanks, gives empty strings, which are dropped."""
    tokens = _TOKEN.findall(text)
    while tokens and not tokens[-1]:
        tokens.pop()
    return tokens


class Cursor:
    """A position in a token list, with the error helpers every parse
    method uses.  ``first_line`` is the source line of the first token."""

    __slots__ = ("tokens", "pos", "tok", "line", "filename", "lines")

    def __init__(self, tokens: list[str], first_line: int = 1, filename: str = "<input>",
                 lines: list[str] | None = None):
        self.tokens = tokens
        self.tokens.extend(("", "", ""))  # end markers: peeking ahead never overruns
        self.pos = 0
        #: The current token (``peek()`` without a call: the parser's hot path).
        self.tok = self.tokens[0]
        self.line = first_line
        self.filename = filename
        self.lines = lines

    def peek(self, ahead: int = 0) -> str:
        return self.tokens[self.pos + ahead]

    def next(self) -> str:
        tok = self.tok
        if tok == "\n":
            self.line += 1
        elif tok == "":
            return tok  # stay on the end marker
        self.pos += 1
        self.tok = self.tokens[self.pos]
        return tok

    def seek(self, pos: int, line: int | None = None) -> None:
        """Move back (or forward) to ``pos``: to re-read or to point an error."""
        self.pos = pos
        self.tok = self.tokens[pos]
        if line is not None:
            self.line = line

    def back(self) -> None:
        self.seek(self.pos - 1)

    def accept(self, tok: str) -> bool:
        """Consume ``tok`` (never a line end) if it is next."""
        if self.tok == tok:
            self.pos += 1
            self.tok = self.tokens[self.pos]
            return True
        return False

    def expect(self, tok: str) -> str:
        """Consume ``tok`` (never a line end) or fail."""
        if self.tok != tok:
            raise self.error(f"expected '{tok}'")
        self.pos += 1
        self.tok = self.tokens[self.pos]
        return tok

    def skip_newlines(self) -> None:
        while self.tok == "\n":
            self.next()

    def at_line_end(self) -> bool:
        return self.tok in ("\n", "")

    def error(self, message: str) -> ParseError:
        got = self.tokens[self.pos] if self.pos < len(self.tokens) else ""
        shown = "end of line" if got in ("\n", "") else f"'{got}'"
        source = None
        if self.lines is not None and 0 < self.line <= len(self.lines):
            source = self.lines[self.line - 1]
        return ParseError(f"{message}, found {shown}", self.filename, self.line, source)


def join_tokens(tokens: list[str]) -> str:
    """Re-spell a token run as text LLVM reads back (spacing is cosmetic)."""
    out: list[str] = []
    for tok in tokens:
        if out and not (tok in ",)]}" or out[-1] in "([{" or (tok == "(" and out[-1][0] in "!#")
                        or (tok == "(" and (out[-1][-1:].isalnum() or out[-1][-1:] == "_"))):
            out.append(" ")
        out.append(tok)
    text = "".join(out)
    return text


def string_body(tok: str) -> str:
    """``"abc"`` → ``abc`` (escapes kept)."""
    return tok[tok.index('"') + 1:-1]


#: words that start a value (a constant, a constant expression)
CONSTANT_KEYWORDS = frozenset({"null", "undef", "poison", "zeroinitializer", "none"})
CONSTEXPR_OPCODES = frozenset({"getelementptr", "add", "sub", "mul", "shl", "xor", "and",
                               "or", "lshr", "ashr", "extractelement", "insertelement",
                               "shufflevector"}) | CAST_OPCODES
VALUE_START_WORDS = (CONSTANT_KEYWORDS | CONSTEXPR_OPCODES |
                     {"true", "false", "splat", "blockaddress", "dso_local_equivalent", "no_cfi",
                      "asm"})


def local_name(tok: str) -> str:
    body = tok[1:]
    if body[:1] == '"':
        return unescape_string(body[1:-1]).decode("utf-8", "replace")
    return body


global_name = local_name
