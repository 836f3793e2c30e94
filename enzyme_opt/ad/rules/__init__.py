"""Derivative rules as data.

``elementwise``: per operation (opcode, intrinsic, libm function), one partial
derivative per operand and the primal values it reads; forward mode builds
``ẏ = Σ ∂y/∂xᵢ · ẋᵢ``, reverse mode ``x̄ᵢ += ∂y/∂xᵢ · ȳ`` from the same entry.
``calls``: what each callee is (allocation, memory intrinsic, inactive, math,
defined, external), the one classification both modes dispatch on.
"""
