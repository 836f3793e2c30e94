"""autodiff_thunk: split reverse mode (__enzyme_augmentfwd / __enzyme_reverse)
with Enzyme.jl's (forward, reverse) pair, and forward-mode thunks."""

import math

import numpy as np
import pytest

from enzyme_opt import (Active, AnnotationError, BatchDuplicated, Const, Duplicated, Forward,
                        ForwardWithPrimal, ReverseSplitNoPrimal, ReverseSplitWithPrimal, Tape,
                        TapeError, autodiff_thunk, load)
from tests.unit.api.numeric_checks import assert_close, central_difference


@pytest.fixture(scope="module")
def split_kernels():
    return load("""
        double f(double *A, double v) { double res = A[0] * v; A[0] = 0; return res; }
        double g(double x, double y) { return x * x * y; }
        typedef struct { double a, b; } pair;
        pair h(double x, double y) { pair p = {x * y, x + y}; return p; }
        """, language="c")


def test_enzyme_jl_example(split_kernels):
    """Enzyme.jl's autodiff_thunk docstring: (7.26, 2.2, [3.3])."""
    f = split_kernels["f"]
    A, dA, v = np.array([2.2]), np.zeros(1), 3.3
    forward, reverse = autodiff_thunk(ReverseSplitWithPrimal, f, Active, Duplicated, Active)
    tape, result, shadow_result = forward(Const(f), Duplicated(A, dA), Active(v))
    assert isinstance(tape, Tape) and shadow_result is None
    _, dv = reverse(Const(f), Duplicated(A, dA), Active(v), 1.0, tape)[0]
    assert_close((result, dv, dA[0]), (7.26, 2.2, 3.3))
    assert A[0] == 0.0


def test_split_matches_differences(kernels):
    two = kernels["two"]
    forward, reverse = autodiff_thunk(ReverseSplitWithPrimal, two, Active, Active, Active)
    tape, primal, _ = forward(Active(1.5), Active(0.5))
    assert primal == two(1.5, 0.5)
    ((dx, dy),) = reverse(Active(1.5), Active(0.5), 1.0, tape)
    assert_close(dx, central_difference(lambda x: two(x, 0.5), 1.5))
    assert_close(dy, central_difference(lambda y: two(1.5, y), 0.5))


def test_split_with_arrays_reads_the_tape_not_the_arrays(kernels):
    forward, reverse = autodiff_thunk(ReverseSplitNoPrimal, kernels["halve_and_dot"], Active,
                                      Duplicated, Const)
    x, dx = np.array([3.0, 4.0]), np.zeros(2)
    tape, primal, _ = forward(Duplicated(x, dx), Const(2))
    assert primal is None  # ReverseSplitNoPrimal
    x[:] = 100.0
    reverse(Duplicated(x, dx), Const(2), 1.0, tape)
    assert_close(dx, [6.0, 8.0])


def test_differential_return_scales(split_kernels):
    forward, reverse = autodiff_thunk(ReverseSplitWithPrimal, split_kernels["g"], Active, Active,
                                      Active)
    tape, _, _ = forward(Active(3.0), Active(2.0))
    assert reverse(Active(3.0), Active(2.0), 0.5, tape) == ((6.0, 4.5),)


def test_several_tapes_in_any_order(split_kernels):
    forward, reverse = autodiff_thunk(ReverseSplitWithPrimal, split_kernels["g"], Active, Active,
                                      Active)
    tapes = [forward(Active(x), Active(2.0))[0] for x in (1.0, 2.0, 3.0)]
    for x, tape in reversed(list(zip((1.0, 2.0, 3.0), tapes))):
        assert reverse(Active(x), Active(2.0), 1.0, tape) == ((4.0 * x, x * x),)


def test_const_return_vjp(kernels):
    forward, reverse = autodiff_thunk(ReverseSplitWithPrimal, kernels["vec_f"], Const, Duplicated,
                                      Duplicated)
    x, dx, y, dy = np.array([2.0, 0.5]), np.zeros(2), np.zeros(2), np.zeros(2)
    tape, primal, _ = forward(Duplicated(y, dy), Duplicated(x, dx))
    assert primal is None
    assert_close(y, [1.0, math.sin(0.5) + 2.0])
    dy[:] = [1.0, 2.0]
    assert reverse(Duplicated(y, dy), Duplicated(x, dx), tape) == ((None, None),)
    assert_close(dx, [0.5 + 2.0, 2.0 + 2.0 * math.cos(0.5)])


def test_struct_return_takes_a_tuple_seed(split_kernels):
    forward, reverse = autodiff_thunk(ReverseSplitWithPrimal, split_kernels["h"], Active, Active,
                                      Active)
    tape, primal, _ = forward(Active(2.0), Active(3.0))
    assert primal == (6.0, 5.0)
    assert reverse(Active(2.0), Active(3.0), (1.0, 0.0), tape) == ((3.0, 2.0),)


def test_batched_thunks(kernels):
    forward, reverse = autodiff_thunk(ReverseSplitWithPrimal, kernels["weighted"], Active,
                                      BatchDuplicated, Const, Const, width=2)
    x, w = np.array([0.1, 0.2, 0.3]), np.array([1.0, 2.0, 3.0])
    lanes = (np.zeros(3), np.zeros(3))
    tape, primal, _ = forward(BatchDuplicated(x, lanes), Const(w), Const(3))
    assert_close(primal, np.dot(w, np.sin(x)))
    reverse(BatchDuplicated(x, lanes), Const(w), Const(3), (1.0, -2.0), tape)
    assert_close(lanes[0], w * np.cos(x))
    assert_close(lanes[1], -2.0 * w * np.cos(x))


def test_tape_is_consumed_once(split_kernels):
    forward, reverse = autodiff_thunk(ReverseSplitWithPrimal, split_kernels["g"], Active, Active,
                                      Active)
    tape, _, _ = forward(Active(1.0), Active(1.0))
    reverse(Active(1.0), Active(1.0), 1.0, tape)
    with pytest.raises(TapeError, match="already consumed"):
        reverse(Active(1.0), Active(1.0), 1.0, tape)


def test_tape_of_another_pair(split_kernels):
    g = split_kernels["g"]
    forward1, _ = autodiff_thunk(ReverseSplitWithPrimal, g, Active, Active, Active)
    _, reverse2 = autodiff_thunk(ReverseSplitNoPrimal, g, Active, Active, Active)
    tape, _, _ = forward1(Active(1.0), Active(1.0))
    with pytest.raises(TapeError, match="another thunk pair"):
        reverse2(Active(1.0), Active(1.0), 1.0, tape)


def test_reverse_needs_the_tape_last(split_kernels):
    _, reverse = autodiff_thunk(ReverseSplitWithPrimal, split_kernels["g"], Active, Active, Active)
    with pytest.raises(TapeError, match="last argument"):
        reverse(Active(1.0), Active(1.0), 1.0)


def test_thunk_checks_argument_types(split_kernels):
    forward, _ = autodiff_thunk(ReverseSplitWithPrimal, split_kernels["g"], Active, Active, Const)
    with pytest.raises(AnnotationError, match="argument 2: the thunk was made for Const, got Active"):
        forward(Active(1.0), Active(1.0))


def test_thunk_argument_types_are_checked_against_the_function(split_kernels):
    with pytest.raises(AnnotationError, match=r"argument 1 of @f \(ptr\): Active"):
        autodiff_thunk(ReverseSplitWithPrimal, split_kernels["f"], Active, Active, Active)


def test_batched_thunk_needs_width(kernels):
    with pytest.raises(AnnotationError, match="width=W"):
        autodiff_thunk(ReverseSplitWithPrimal, kernels["weighted"], Active, BatchDuplicated,
                       Const, Const)


def test_forward_thunk(kernels):
    es = kernels["exp_sin"]
    forward = autodiff_thunk(ForwardWithPrimal, es, Duplicated, Duplicated)
    tangent, primal = forward(Duplicated(0.7, 1.0))
    assert_close(tangent, central_difference(es, 0.7))
    assert primal == es(0.7)
    assert autodiff_thunk(Forward, es, Duplicated, Duplicated)(Const(es), Duplicated(0.7, 1.0)) \
        == (tangent,)
