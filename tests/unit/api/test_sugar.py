"""gradient, jacobian and hvp against central differences, in both modes
and for several chunk sizes."""

import math

import numpy as np
import pytest

from enzyme_opt import (Const, DerivsAndVal, Forward, ForwardWithPrimal, Reverse,
                        ReverseWithPrimal, gradient, hvp, hvp_and_gradient, jacobian)
from tests.unit.api.numeric_checks import assert_close, central_difference

MODES = [Reverse, Forward]
X5 = np.array([0.3, -1.2, 0.8, 1.5, -0.4])


def rosen_gradient(kernels, x):
    rosen = kernels["rosen"]
    return central_difference(lambda v: rosen(v, x.size), x)


def test_gradient_documented_values(kernels):
    assert_close(gradient(Reverse, kernels["mul"], np.array([2.0, 3.0]))[0], [3.0, 2.0])
    assert_close(gradient(Forward, kernels["mul"], np.array([2.0, 3.0]))[0], [3.0, 2.0])


@pytest.mark.parametrize("mode", MODES)
def test_gradient_of_an_array(kernels, mode):
    (grad, n) = gradient(mode, kernels["rosen"], X5, 5)
    assert n is None
    assert_close(grad, rosen_gradient(kernels, X5), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("chunk", [1, 2, 3, 5, 7])
def test_forward_gradient_chunks(kernels, chunk):
    (grad, _) = gradient(Forward, kernels["rosen"], X5, Const(5), chunk=chunk)
    assert_close(grad, rosen_gradient(kernels, X5), rtol=1e-6, atol=1e-6)


def test_gradient_of_a_two_dimensional_array(kernels):
    x = X5[:4].reshape(2, 2).copy()
    for mode in MODES:
        (grad, _) = gradient(mode, kernels["rosen"], x, 4)
        assert grad.shape == (2, 2)
        assert_close(grad.ravel(), rosen_gradient(kernels, x.ravel()), atol=1e-6)


@pytest.mark.parametrize("mode", MODES)
def test_gradient_of_scalars(kernels, mode):
    two = kernels["two"]
    dx, dy = gradient(mode, two, 1.5, 0.5)
    assert_close(dx, central_difference(lambda x: two(x, 0.5), 1.5))
    assert_close(dy, central_difference(lambda y: two(1.5, y), 0.5))


@pytest.mark.parametrize("mode", MODES)
def test_gradient_with_const(kernels, mode):
    x, w = np.array([0.1, 0.2, 0.3]), np.array([1.0, 2.0, 3.0])
    grad, const, n = gradient(mode, kernels["weighted"], x, Const(w), 3)
    assert const is None and n is None
    assert_close(grad, w * np.cos(x))


@pytest.mark.parametrize("mode", [ReverseWithPrimal, ForwardWithPrimal])
def test_gradient_with_primal(kernels, mode):
    result = gradient(mode, kernels["mul"], np.array([2.0, 3.0]))
    assert isinstance(result, DerivsAndVal)
    assert_close(result.derivs[0], [3.0, 2.0])
    assert result.val == 6.0


def vec_f_jacobian():
    # y = (x0 x1, sin x1 + x0) at x = (2, 0.5)
    return np.array([[0.5, 2.0], [1.0, math.cos(0.5)]])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("chunk", [None, 1, 2, 3])
def test_jacobian_of_a_mutating_function(kernels, mode, chunk):
    (jac,) = jacobian(mode, kernels["vec_f"], np.array([2.0, 0.5]), n_outs=2, chunk=chunk)
    assert_close(jac, vec_f_jacobian())


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("chunk", [None, 1, 2])
def test_jacobian_of_a_struct_valued_function(kernels, mode, chunk):
    (jac,) = jacobian(mode, kernels["pair_of"], np.array([2.0, 3.0, 4.0]), chunk=chunk)
    assert_close(jac, [[3.0, 2.0, 0.0], [0.0, 1.0, 1.0]])


@pytest.mark.parametrize("mode", MODES)
def test_jacobian_of_scalar_arguments(kernels, mode):
    polar = kernels["polar"]
    jr, jt = jacobian(mode, polar, 2.0, 0.3)
    assert_close(jr, [math.cos(0.3), math.sin(0.3)])
    assert_close(jt, [-2.0 * math.sin(0.3), 2.0 * math.cos(0.3)])


@pytest.mark.parametrize("mode", MODES)
def test_jacobian_with_more_arguments(kernels, mode):
    """y = a x², with a scalar a and constant n: a Jacobian per argument."""
    x = np.array([1.0, 2.0, 3.0])
    jx, ja, n = jacobian(mode, kernels["scale_into"], x, 2.0, 3, n_outs=3)
    assert n is None
    assert_close(jx, np.diag(4.0 * x))
    assert_close(ja, x * x)


@pytest.mark.parametrize("mode", [ReverseWithPrimal, ForwardWithPrimal])
def test_jacobian_with_primal(kernels, mode):
    result = jacobian(mode, kernels["vec_f"], np.array([2.0, 0.5]), n_outs=(2,))
    assert_close(result.derivs[0], vec_f_jacobian())
    assert_close(result.val, [1.0, math.sin(0.5) + 2.0])
    result = jacobian(mode, kernels["pair_of"], np.array([2.0, 3.0, 4.0]))
    assert result.val == (6.0, 7.0)


def test_jacobian_of_a_scalar_function_is_its_gradient(kernels):
    assert_close(jacobian(Forward, kernels["mul"], np.array([2.0, 3.0]))[0], [3.0, 2.0])


def test_jacobian_output_shape(kernels):
    x = np.array([1.0, 2.0, 3.0, 4.0])
    jac, _, _ = jacobian(Reverse, kernels["scale_into"], x, Const(1.0), 4, n_outs=(2, 2))
    assert jac.shape == (2, 2, 4)
    assert_close(jac.reshape(4, 4), np.diag(2.0 * x))


def test_hvp_documented_values(kernels):
    # Enzyme.jl's example: f(x) = sin(x[1] * x[2]), hvp(f, [2.0, 3.0], [5.0, 2.7])
    assert_close(hvp(kernels["sin_prod"], np.array([2.0, 3.0]), np.array([5.0, 2.7])),
                 [19.6926882637302, 16.201003759768003])


def test_hvp_against_differences_of_the_gradient(kernels):
    rosen = kernels["rosen"]
    v = np.array([1.0, 0.5, -0.25, 2.0, 1.0])
    result, grad = hvp_and_gradient(rosen, X5, v, Const(5))
    hessian = central_difference(lambda x: gradient(Reverse, rosen, x, 5)[0], X5)
    assert_close(result, hessian @ v, rtol=1e-5, atol=1e-5)
    assert_close(grad, rosen_gradient(kernels, X5), atol=1e-6)
    assert_close(hvp(rosen, X5, v, 5), result)
