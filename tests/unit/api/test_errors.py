"""Every wrong annotation, mode or array is one clear Python exception that
names the argument; compiler errors surface as enzyme-opt's diagnostic."""

import numpy as np
import pytest

from enzyme_opt import (Active, AnnotationError, ArrayError, BatchDuplicated, Const, Duplicated,
                        DuplicatedNoNeed, Forward, Reverse, ReverseSplitWithPrimal, autodiff,
                        autodiff_thunk, gradient, jacobian, load)
from enzyme_opt.diagnostics import EnzymeOptError

X = np.array([2.0, 3.0])


def test_active_on_a_pointer(kernels):
    with pytest.raises(AnnotationError, match=r"argument 1 of @mul \(ptr\): Active: .*pointer"):
        autodiff(Reverse, kernels["mul"], Active, Active(X))


def test_active_in_forward_mode(kernels):
    with pytest.raises(AnnotationError, match=r"argument 1 of @exp_sin .*not allowed in forward"):
        autodiff(Forward, kernels["exp_sin"], Duplicated, Active(1.0))


def test_active_return_in_forward_mode(kernels):
    with pytest.raises(AnnotationError, match="Active returns are not allowed in forward mode"):
        autodiff(Forward, kernels["exp_sin"], Active, Duplicated(1.0, 1.0))


def test_duplicated_no_need_return_in_forward_mode(kernels):
    with pytest.raises(AnnotationError, match="DuplicatedNoNeed as the return activity"):
        autodiff(Forward, kernels["exp_sin"], DuplicatedNoNeed, Duplicated(1.0, 1.0))


def test_duplicated_return_in_reverse_mode(kernels):
    with pytest.raises(AnnotationError, match="Duplicated returns are not handled in reverse"):
        autodiff(Reverse, kernels["exp_sin"], Duplicated, Active(1.0))


def test_active_return_of_a_void_function(kernels):
    with pytest.raises(AnnotationError, match="returns nothing"):
        autodiff(Reverse, kernels["vec_f"], Active, Duplicated(np.zeros(2), np.zeros(2)),
                 Duplicated(X, np.zeros(2)))


def test_duplicated_scalar_in_reverse_mode(kernels):
    with pytest.raises(AnnotationError, match=r"argument 1 of @exp_sin \(double\): Duplicated"):
        autodiff(Reverse, kernels["exp_sin"], Active, Duplicated(1.0, 1.0))


def test_active_integer(kernels):
    with pytest.raises(AnnotationError, match=r"argument 2 of @sum_squares \(i32\).*integers"):
        autodiff(Reverse, kernels["sum_squares"], Active, Duplicated(X, np.zeros(2)), Active(2))


def test_missing_annotation(kernels):
    with pytest.raises(AnnotationError, match=r"argument 1 of @mul \(ptr\) is not annotated"):
        autodiff(Reverse, kernels["mul"], Active, X)


def test_wrong_number_of_arguments(kernels):
    with pytest.raises(AnnotationError, match=r"@sum_squares takes 2 arguments \(ptr, i32\), got 1"):
        autodiff(Reverse, kernels["sum_squares"], Active, Duplicated(X, np.zeros(2)))


def test_shadow_of_another_shape(kernels):
    with pytest.raises(ArrayError, match=r"shadow of argument 1 of @mul.*shape and dtype"):
        autodiff(Reverse, kernels["mul"], Active, Duplicated(X, np.zeros(3)))


def test_shadow_of_another_dtype(kernels):
    with pytest.raises(ArrayError, match="shape and dtype"):
        autodiff(Reverse, kernels["mul"], Active, Duplicated(X, np.zeros(2, dtype=np.float32)))


def test_primal_of_the_wrong_dtype(kernels):
    """Type analysis knows @mul reads doubles: a float32 array is refused."""
    x = X.astype(np.float32)
    with pytest.raises(ArrayError, match="reads it as float64, but the array is float32"):
        autodiff(Reverse, kernels["mul"], Active, Duplicated(x, np.zeros_like(x)))


def test_integer_shadow(kernels):
    x = np.array([2, 3])
    with pytest.raises(ArrayError, match="floating dtype"):
        autodiff(Forward, kernels["weighted"], Duplicated(x.astype(float), x), Const(X),
                 Const(2))


def test_non_contiguous_array(kernels):
    x = np.arange(4.0)[::2]
    with pytest.raises(ArrayError, match="not C-contiguous"):
        autodiff(Reverse, kernels["mul"], Active, Duplicated(x, np.zeros(2)))


def test_read_only_shadow(kernels):
    shadow = np.zeros(2)
    shadow.flags.writeable = False
    with pytest.raises(ArrayError, match="read-only"):
        autodiff(Reverse, kernels["mul"], Active, Duplicated(X, shadow))


def test_read_only_output(kernels):
    y = np.zeros(2)
    y.flags.writeable = False
    with pytest.raises(ArrayError, match=r"argument 1 of @vec_f .*read-only"):
        kernels["vec_f"](y, X)


def test_read_only_input_is_fine_where_only_read(kernels):
    x = X.copy()
    x.flags.writeable = False
    assert kernels["mul"](x) == 6.0


def test_shadow_is_the_primal(kernels):
    x = X.copy()
    with pytest.raises(ArrayError, match="the primal array itself"):
        autodiff(Reverse, kernels["mul"], Active, Duplicated(x, x))


def test_list_for_a_pointer(kernels):
    with pytest.raises(ArrayError, match="pass a NumPy array, got list"):
        kernels["mul"]([2.0, 3.0])


def test_number_for_a_double(kernels):
    with pytest.raises(TypeError, match=r"argument 1 of @exp_sin \(double\) must be a number"):
        kernels["exp_sin"]("1.0")


def test_integer_out_of_range(kernels):
    with pytest.raises(OverflowError, match="does not fit in i32"):
        kernels["add_ints"](2**32, 1)  # [-2**31, 2**32): C's int or unsigned


def test_batch_sizes_differ(kernels):
    with pytest.raises(AnnotationError, match="all batch sizes must be equal"):
        autodiff(Forward, kernels["two"], BatchDuplicated(1.0, (1.0, 0.0)),
                 BatchDuplicated(1.0, (1.0, 0.0, 0.0)))


def test_not_a_mode(kernels):
    with pytest.raises(AnnotationError, match="must be a mode"):
        autodiff("reverse", kernels["mul"], Active, Duplicated(X, np.zeros(2)))


def test_split_mode_in_autodiff(kernels):
    with pytest.raises(AnnotationError, match="split mode: use autodiff_thunk"):
        autodiff(ReverseSplitWithPrimal, kernels["scaled_square"], Active, Active(1.0),
                 Const(1.0))


def test_combined_reverse_in_autodiff_thunk(kernels):
    with pytest.raises(AnnotationError, match="ReverseSplitWithPrimal or ReverseSplitNoPrimal"):
        autodiff_thunk(Reverse, kernels["scaled_square"], Active, Active, Const)


def test_not_a_module_function():
    with pytest.raises(AnnotationError, match="must come from a loaded module"):
        autodiff(Reverse, lambda x: x * x, Active, Active(1.0))


def test_gradient_of_a_struct_valued_function(kernels):
    with pytest.raises(AnnotationError, match="use jacobian"):
        gradient(Reverse, kernels["pair_of"], np.arange(3.0))


def test_jacobian_of_a_mutating_function_needs_n_outs(kernels):
    with pytest.raises(AnnotationError, match="give n_outs"):
        jacobian(Forward, kernels["vec_f"], X)


def test_jacobian_n_outs_is_a_keyword(kernels):
    with pytest.raises(AnnotationError, match="n_outs is a keyword"):
        jacobian(Reverse, kernels["vec_f"], X, 2)


def test_compiler_errors_surface_as_one_line():
    """A function enzyme-opt cannot differentiate: its diagnostic, as the CLI prints it."""
    m = load("""
        #include <stdlib.h>
        double grow(double *x, long n) {
          double *y = realloc(x, 2 * n * sizeof(double));
          return y[0] * y[0];
        }""", language="c", cflags=["-O1"])
    with pytest.raises(EnzymeOptError) as info:
        autodiff(Reverse, m["grow"], Active, Duplicated(np.ones(2), np.zeros(2)), Const(2))
    assert "\n" not in str(info.value)
    assert "realloc" in str(info.value)
