"""enzyme-opt: Enzyme-style automatic differentiation of LLVM IR, in Python."""

__version__ = "0.1.0"
