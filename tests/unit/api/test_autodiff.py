"""autodiff in every mode and with every annotation, against central differences."""

import math

import numpy as np
import pytest

from enzyme_opt import (Active, BatchDuplicated, BatchDuplicatedNoNeed, Const, Duplicated,
                        DuplicatedNoNeed, Forward, ForwardWithPrimal, Reverse, ReverseWithPrimal,
                        autodiff)
from tests.unit.api.numeric_checks import assert_close, central_difference


def test_reverse_active_scalars(kernels):
    two = kernels["two"]
    (dx, dy), = autodiff(Reverse, two, Active, Active(1.5), Active(0.5))
    assert_close(dx, central_difference(lambda x: two(x, 0.5), 1.5))
    assert_close(dy, central_difference(lambda y: two(1.5, y), 0.5))


def test_reverse_const_gives_none(kernels):
    result = autodiff(Reverse, kernels["scaled_square"], Active, Active(2.0), Const(3.0))
    assert result == ((12.0, None),)


def test_reverse_with_primal(kernels):
    result = autodiff(ReverseWithPrimal, kernels["scaled_square"], Active, Active(2.0),
                      Active(3.0))
    assert result == ((12.0, 4.0), 12.0)


def test_reverse_guesses_an_active_return(kernels):
    assert autodiff(Reverse, kernels["scaled_square"], Active(2.0), Const(3.0)) == ((12.0, None),)


def test_reverse_duplicated_accumulates_in_place(kernels):
    A = np.array([1.0, 2.0, 3.0])
    dA = np.zeros(3)
    assert autodiff(Reverse, kernels["sum_squares"], Active, Duplicated(A, dA), Const(3)) \
        == ((None, None),)
    assert_close(dA, [2.0, 4.0, 6.0])
    autodiff(Reverse, kernels["sum_squares"], Active, Duplicated(A, dA), Const(3))
    assert_close(dA, [4.0, 8.0, 12.0])  # added into, as Enzyme does


def test_reverse_duplicated_no_need(kernels):
    x, w = np.array([0.1, 0.2, 0.3]), np.array([1.0, 2.0, 3.0])
    dx = np.zeros(3)
    autodiff(Reverse, kernels["weighted"], Active, DuplicatedNoNeed(x, dx), Const(w), Const(3))
    assert_close(dx, w * np.cos(x))


def test_reverse_const_return_vjp(kernels):
    """The VJP of f!(y, x): seed y's shadow, read x's."""
    f = kernels["vec_f"]
    x, y = np.array([2.0, 0.5]), np.zeros(2)
    dy, dx = np.array([1.0, 2.0]), np.zeros(2)
    assert autodiff(Reverse, f, Const, Duplicated(y, dy), Duplicated(x, dx)) == ((None, None),)
    jac = central_difference(lambda v: _apply(f, v), x)  # jac[i, j] = d y_j / d x_i
    assert_close(dx, jac @ np.array([1.0, 2.0]))
    assert_close(dy, [0.0, 0.0])  # the seed is consumed
    assert_close(y, [1.0, math.sin(0.5) + 2.0])


def test_reverse_batched(kernels):
    """BatchDuplicated in reverse mode: W adjoints in one sweep."""
    f = kernels["vec_f"]
    x, y = np.array([2.0, 0.5]), np.zeros(2)
    seeds = (np.array([1.0, 0.0]), np.array([0.0, 1.0]))
    rows = (np.zeros(2), np.zeros(2))
    autodiff(Reverse, f, Const, BatchDuplicated(y, seeds), BatchDuplicated(x, rows))
    jac = central_difference(lambda v: _apply(f, v), x)
    assert_close(np.array(rows), jac.T)


def test_reverse_batched_active_scalar(kernels):
    """Active scalars in a batched call: one derivative per lane.  The
    return is Const: each lane's seed comes through the shadows only."""
    x = np.array([0.1, 0.2, 0.3])
    w = np.array([1.0, 2.0, 3.0])
    lanes = (np.zeros(3), np.zeros(3))
    autodiff(Reverse, kernels["weighted"], Active, BatchDuplicated(x, lanes), Const(w), Const(3))
    for lane in lanes:
        assert_close(lane, w * np.cos(x))


def test_forward_scalars(kernels):
    es = kernels["exp_sin"]
    expected = central_difference(es, 0.7)
    (tangent,) = autodiff(Forward, es, Duplicated, Duplicated(0.7, 1.0))
    assert_close(tangent, expected)
    tangent, primal = autodiff(ForwardWithPrimal, es, Duplicated, Duplicated(0.7, 1.0))
    assert_close(tangent, expected)
    assert primal == es(0.7)


def test_forward_direction_and_const(kernels):
    two = kernels["two"]
    (tangent,) = autodiff(Forward, two, Duplicated(1.5, 2.0), Const(0.5))
    assert_close(tangent, 2.0 * central_difference(lambda x: two(x, 0.5), 1.5))


def test_forward_const_return(kernels):
    es = kernels["exp_sin"]
    assert autodiff(Forward, es, Const, Duplicated(0.7, 1.0)) == ()
    assert autodiff(ForwardWithPrimal, es, Const, Duplicated(0.7, 1.0)) == (es(0.7),)


def test_forward_arrays(kernels):
    x, w = np.array([0.1, 0.2, 0.3]), np.array([1.0, 2.0, 3.0])
    direction = np.array([1.0, -1.0, 0.5])
    (tangent,) = autodiff(Forward, kernels["weighted"], Duplicated(x, direction), Const(w),
                          Const(3))
    assert_close(tangent, np.dot(w * np.cos(x), direction))


def test_forward_batched_scalars(kernels):
    two = kernels["two"]
    (tangents,) = autodiff(Forward, two, BatchDuplicated(1.5, (1.0, 0.0)),
                           BatchDuplicated(0.5, (0.0, 1.0)))
    assert_close(tangents[0], central_difference(lambda x: two(x, 0.5), 1.5))
    assert_close(tangents[1], central_difference(lambda y: two(1.5, y), 0.5))


def test_forward_batched_arrays_with_primal(kernels):
    x, w = np.array([0.1, 0.2, 0.3]), np.array([1.0, 2.0, 3.0])
    shadows = tuple(np.eye(3))
    tangents, primal = autodiff(ForwardWithPrimal, kernels["weighted"], BatchDuplicated,
                                BatchDuplicatedNoNeed(x, shadows), Const(w), Const(3))
    assert_close(tangents, w * np.cos(x))
    assert_close(primal, np.dot(w, np.sin(x)))


def test_forward_writes_tangents_of_outputs(kernels):
    f = kernels["vec_f"]
    x, y = np.array([2.0, 0.5]), np.zeros(2)
    dx, dy = np.array([0.0, 1.0]), np.zeros(2)
    assert autodiff(Forward, f, Const, Duplicated(y, dy), Duplicated(x, dx)) == ()
    assert_close(dy, [2.0, math.cos(0.5)])


def test_forward_struct_return(kernels):
    polar = kernels["polar"]
    (tangent,) = autodiff(Forward, polar, Duplicated, Duplicated(2.0, 0.0), Duplicated(0.3, 1.0))
    assert isinstance(tangent, tuple)
    assert_close(tangent, [-2.0 * math.sin(0.3), 2.0 * math.cos(0.3)])


def test_reverse_struct_return_needs_a_seed(kernels):
    from enzyme_opt import AnnotationError
    with pytest.raises(AnnotationError, match="seeds only scalar results"):
        autodiff(Reverse, kernels["polar"], Active, Active(2.0), Active(0.3))


def test_float_function(kernels):
    sq = kernels["squaref"]
    assert sq(1.5) == 2.25
    assert autodiff(Reverse, sq, Active, Active(1.5)) == ((3.0,),)
    assert autodiff(Forward, sq, Duplicated, Duplicated(1.5, 1.0)) == (3.0,)


def test_reverse_mutating_function(kernels):
    """halve_and_dot writes its input: the gradient is of what it read."""
    x = np.array([3.0, 4.0])
    dx = np.zeros(2)
    (_, primal) = autodiff(ReverseWithPrimal, kernels["halve_and_dot"], Active,
                           Duplicated(x, dx), Const(2))
    assert primal == 25.0
    assert_close(dx, [6.0, 8.0])
    assert_close(x, [1.5, 2.0])


def test_const_function_annotation(kernels):
    """Julia passes the function as Const(f): accepted too."""
    f = kernels["scaled_square"]
    assert autodiff(Reverse, Const(f), Active, Active(2.0), Const(3.0)) == ((12.0, None),)


def _apply(f, x):
    y = np.zeros(2)
    f(y, x)
    return y
