"""Shrink a failing fuzz program: delete statements (and helpers) while it still fails the same
way, until no single deletion keeps the failure.

A deletion that breaks the program (a later statement used a deleted variable) makes clang
reject it, which is a different verdict, so the deletion is simply not taken. The `return`
statement of `target` is never deleted (a function falling off its end is undefined).

    .venv/bin/python tests/fuzz/run.py --seed 1234 --levels O2 --shrink    # runs this
"""
from __future__ import annotations

import copy
import re
import tempfile
from pathlib import Path

import gen
from run import LANGS, check_source, generate


def _paths(nodes: list[gen.Node], prefix: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """Every node's position, parents before their children."""
    out = []
    for i, node in enumerate(nodes):
        out.append(prefix + (i,))
        if node.body and not getattr(node, "atomic", False):   # gen_cpp.Group: all or nothing
            out.extend(_paths(node.body, prefix + (i,)))
    return out


def _without(nodes: list[gen.Node], path: tuple[int, ...]) -> list[gen.Node] | None:
    nodes = copy.deepcopy(nodes)
    siblings = nodes
    for i in path[:-1]:
        siblings = siblings[i].body
    if siblings[path[-1]].head.startswith("return"):
        return None
    del siblings[path[-1]]
    return nodes


def signature(verdict: str, detail: str) -> tuple[str, str]:
    """How a run failed, for "fails the same way": its class, and for a wrong run what the
    conservative derivative (enzyme-opt --no-reuse) said (``passed``: only the default is wrong,
    an optimization's bug; ``wrong``: both are). A shrink keeps both."""
    match = re.search(r"\(--no-reuse: (\w[\w-]*)", detail) if verdict == "wrong" else None
    return verdict, match.group(1) if match else ""


def shrink(program: gen.Program, level: str, verdict: str, work: Path,
           log=print, lang: str = "c", detail: str = "") -> gen.Program:
    """The smallest program reachable by single deletions that still gets `verdict` (and, for
    a wrong run with `detail`, the same answer of the conservative derivative)."""
    wanted = signature(verdict, detail)
    keep = 2 if wanted[1] else 1          # without detail: the class alone

    def still_fails(candidate: gen.Program) -> bool:
        got = check_source(candidate.source(), level, work, lang=lang)
        return signature(got[0], got[1])[:keep] == wanted[:keep]

    changed = True
    while changed:
        changed = False
        for part in ("helpers", "body"):
            i = 0
            while i < len(_paths(getattr(program, part))):
                path = _paths(getattr(program, part))[i]
                smaller = _without(getattr(program, part), path)
                if smaller is not None:
                    candidate = copy.copy(program)
                    setattr(candidate, part, smaller)
                    if still_fails(candidate):
                        program, changed = candidate, True
                        log(f"shrink: {len(program.source().splitlines())} lines")
                        continue            # the same index now names the next node
                i += 1
    return program


def shrink_and_save(seed: int, level: str, verdict: str, keep: Path, lang: str = "c",
                    detail: str = "") -> Path:
    keep.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="shrink") as tmp:
        small = shrink(generate(seed, lang), level, verdict, Path(tmp), lang=lang,
                       detail=detail)
    path = keep / f"shrunk-{seed}-{level}{LANGS[lang][1]}"
    path.write_text(small.source())
    flag = "" if lang == "c" else f" --lang {lang}"
    print(f"shrunk seed {seed} {level} ({verdict}) to {len(small.source().splitlines())} lines: "
          f"{path}\n  rerun: .venv/bin/python tests/fuzz/run.py{flag} --source {path} --levels {level}"
          f" --keep {keep}/rerun")
    return path
