"""The pipeline as plain functions: load → differentiate → emit."""

from __future__ import annotations

from dataclasses import dataclass

from enzyme_opt import llvm
from enzyme_opt.ir import parse_module, print_module


@dataclass(frozen=True)
class Options:
    opt_level: int | None = None   # -O<n> after AD; None: no pipeline
    emit: str = "llvm"             # llvm | bc | asm | obj


def load(data: bytes, filename: str):
    """(canonical text, our module) of an input file's bytes."""
    text = llvm.read_input(data, filename)
    return text, parse_module(text, filename)


def differentiate(text: str, module, filename: str) -> str:
    """Lower every ``__enzyme_*`` call; returns the new module's text, or
    the canonical input unchanged when there is nothing to do."""
    from enzyme_opt.ad.pipeline import lower_module
    lowered = lower_module(module, filename)
    return print_module(lowered) if lowered is not None else text


def run(data: bytes, filename: str, options: Options = Options()) -> bytes:
    text, module = load(data, filename)
    text = differentiate(text, module, filename)
    llvm.verify(text)
    if options.opt_level is not None:
        text = llvm.optimize(text, options.opt_level)
    return llvm.emit(text, options.emit)
