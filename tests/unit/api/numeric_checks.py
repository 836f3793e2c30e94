"""Central differences, the reference every derivative test compares with."""

import numpy as np


def central_difference(f, x, h=1e-6):
    """d f / d x by (f(x+h) - f(x-h)) / 2h: for a float x a float, for an
    array x an array of x's shape (``f`` takes the perturbed array)."""
    if isinstance(x, float):
        return (f(x + h) - f(x - h)) / (2 * h)
    out = np.zeros(x.shape + np.shape(f(x.copy())))
    for i in np.ndindex(x.shape):
        up, down = x.copy(), x.copy()
        up[i] += h
        down[i] -= h
        out[i] = (np.asarray(f(up)) - np.asarray(f(down))) / (2 * h)
    return out


def assert_close(actual, expected, rtol=1e-6, atol=1e-7):
    np.testing.assert_allclose(np.asarray(actual, dtype=float), np.asarray(expected, dtype=float),
                               rtol=rtol, atol=atol)
