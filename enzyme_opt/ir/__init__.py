"""Our SSA model of LLVM IR: types, values, instructions, modules, and the
text parser and printer for what LLVM 22 prints."""

from enzyme_opt.ir.module import BasicBlock, Function, GlobalAlias, GlobalVariable, Module
from enzyme_opt.ir.text.parser import parse_module
from enzyme_opt.ir.text.printer import print_module

__all__ = ["BasicBlock", "Function", "GlobalAlias", "GlobalVariable", "Module",
           "parse_module", "print_module"]
