"""IR rewritten before differentiation: compiler-rt helpers and reductions expanded, integer
moves of floats retyped, constant expressions and invokes lowered."""
