"""Automatic differentiation over the IR: requests, generators, lowering."""
