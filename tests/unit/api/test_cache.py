"""Each kind of call is compiled once per module, and, with a cache
directory, once per machine."""

import numpy as np
import pytest

from enzyme_opt import Active, Const, Duplicated, Reverse, autodiff, gradient, load
from enzyme_opt.api import native

SOURCE = "double f(const double *x, int n) { double s = 0; " \
         "for (int i = 0; i < n; i++) s += x[i] * x[i] * x[i]; return s; }"


@pytest.fixture
def builds(monkeypatch):
    """The compilations made, by counting calls of native.build_object."""
    made = []
    original = native.build_object

    def counting(text, filename):
        made.append(filename)
        return original(text, filename)
    monkeypatch.setattr(native, "build_object", counting)
    return made


def test_compiled_once_per_kind_of_call(builds):
    f = load(SOURCE, language="c", cache_dir=None)["f"]
    x = np.array([1.0, 2.0])
    for _ in range(3):
        dx = np.zeros(2)
        autodiff(Reverse, f, Active, Duplicated(x, dx), Const(2))
    assert len(builds) == 1
    gradient(Reverse, f, x, 2)  # the same request: Duplicated(x, zeros), Const
    assert len(builds) == 1
    f(x, 2)  # the primal is another entry point
    assert len(builds) == 2
    np.testing.assert_allclose(dx, 3 * x * x)


def test_disk_cache_skips_the_compiler(builds, tmp_path):
    x = np.array([1.0, 2.0])
    first = load(SOURCE, language="c", cache_dir=tmp_path)["f"]
    assert gradient(Reverse, first, x, 2)[0].tolist() == [3.0, 12.0]
    assert len(builds) == 1 and len(list(tmp_path.glob("*.o"))) == 1
    second = load(SOURCE, language="c", cache_dir=tmp_path)["f"]
    assert gradient(Reverse, second, x, 2)[0].tolist() == [3.0, 12.0]
    assert len(builds) == 1


def test_cache_directory_from_the_environment(builds, tmp_path, monkeypatch):
    monkeypatch.setenv("ENZYME_OPT_CACHE_DIR", str(tmp_path / "objects"))
    load(SOURCE, language="c")["f"](np.ones(2), 2)
    assert len(list((tmp_path / "objects").glob("*.o"))) == 1


def test_unresolvable_symbols_are_an_error_not_a_crash():
    m = load("double g(double);\ndouble f(double x) { return g(x) * 2; }", language="c")
    from enzyme_opt.diagnostics import EnzymeOptError
    with pytest.raises(EnzymeOptError, match="calls g, which this process does not define"):
        m["f"](1.0)
