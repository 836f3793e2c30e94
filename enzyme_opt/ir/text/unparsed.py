"""Function bodies kept as LLVM's text until something needs their SSA form.

A differentiated module's functions are mostly targets of Enzyme calls, and
what the AD builds from a target is its simplified ``preprocess_`` copy:
LLVM simplifies a copy of the *text* and we read back LLVM's result
(``ad/pipeline.py``).  The original's body is only printed back as it was.
Parsing it into SSA values, cloning that and printing the clone was a
quarter of the tool's time on a module whose every function is
differentiated.  So the driver reads bodies lazily (``parse_module(…,
lazy_bodies=True)``): a body stays an :class:`UnparsedBody` and is parsed
the first time anything asks for its blocks or instructions.

Asking must not change the answers.  Three things read a body's text
without parsing it:

* ``mentions``: every ``@symbol`` the text names.  Asking a global or a
  function for its uses first parses every body that mentions it
  (``Module.parse_bodies_mentioning``), so use lists are always complete.
* ``callees``: every ``@f`` followed by ``(``: the direct calls, in order
  (in LLVM's syntax a direct callee is always written ``@f(``, and nothing
  else is).
* ``copy_text``: the body renamed for a clone, as ``ir/clone.py`` would
  clone it (see there).
"""

from __future__ import annotations

import re
from typing import Callable

from enzyme_opt.ir.clone import DEBUG_ONLY_METADATA
from enzyme_opt.ir.debuginfo import LOCATION_KIND
from enzyme_opt.ir.types import quote_name

#: a quoted string (skipped: names inside it are text) or an @symbol (group 1), then a
#: "(" when it is called (group 2)
SYMBOL_REF = re.compile(r'"[^"]*"|@("[^"]*"|[-\w$.]+)(\(?)')
_DEBUG_ATTACHMENT = re.compile(
    r", !(" + "|".join(re.escape(kind) for kind in sorted(DEBUG_ONLY_METADATA)) + r") (![\w.]+)")


def symbol_name(token: str) -> str:
    """The name in an ``@name`` / ``@"quoted name"`` reference (without the ``@``)."""
    return token[1:-1] if token.startswith('"') else token


class UnparsedBody:
    """The lines between a definition's ``{`` and ``}``, and how to parse them."""

    __slots__ = ("lines", "parse", "_mentions", "_callees")

    def __init__(self, lines: list[str], parse: Callable[[], None]):
        self.lines = lines
        #: parses the text into the function's blocks (the module parser's job)
        self.parse = parse
        self._mentions: set[str] | None = None
        self._callees: list[str] | None = None

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def _scan(self) -> None:
        mentions: set[str] = set()
        callees: list[str] = []
        for match in SYMBOL_REF.finditer(self.text):
            if match.group(1):
                name = symbol_name(match.group(1))
                mentions.add(name)
                if match.group(2):
                    callees.append(name)
        self._mentions, self._callees = mentions, callees

    @property
    def mentions(self) -> set[str]:
        """Every global symbol the body names."""
        if self._mentions is None:
            self._scan()
        return self._mentions

    @property
    def callees(self) -> list[str]:
        """Every symbol the body calls directly, once per call in the order of
        the calls (see the module docstring)."""
        if self._callees is None:
            self._scan()
        return self._callees

    def copy_text(self, renamed: dict[str, str], location: Callable[[str], str | None]) -> str:
        """The body as ``clone.clone_function_body`` copies it into a clone:
        symbols in ``renamed`` renamed (every reference, as a value map
        does), debug records and debug-only attachments dropped, and an
        instruction's ``!dbg`` location carried in an ``!enzyme_opt.loc``
        attachment to the node ``location(ref)`` (none when it is None)."""
        def rename(match: re.Match) -> str:
            name = match.group(1)
            new = renamed.get(symbol_name(name)) if name else None
            return match.group(0) if new is None else "@" + quote_name(new) + match.group(2)

        out = []
        for line in self.lines:
            stripped = line.lstrip()
            if stripped.startswith("#dbg_"):
                continue
            if "@" in line:
                line = SYMBOL_REF.sub(rename, line)
            if ", !" in line:
                line = _drop_debug_attachments(line, location)
            out.append(line)
        return "\n".join(out)


def _drop_debug_attachments(line: str, location: Callable[[str], str | None]) -> str:
    """``line`` without its debug-only attachments (they come last, after any
    quoted string), with the location of its ``!dbg`` appended in their place."""
    cut = line.rfind('"') + 1
    head, tail = line[:cut], line[cut:]
    carried = None

    def drop(match: re.Match) -> str:
        nonlocal carried
        if match.group(1) == "dbg":
            carried = location(match.group(2))
        return ""
    tail = _DEBUG_ATTACHMENT.sub(drop, tail)
    if carried is not None:
        tail += f", !{LOCATION_KIND} {carried}"
    return head + tail
