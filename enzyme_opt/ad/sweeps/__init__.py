"""The reverse sweep's machinery: the augmented forward pass, adjoint rules, tape records,
loops, lanes, shadow memory."""
