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


def test_cache_dir_expands_the_home_directory(builds, tmp_path, monkeypatch):
    """``cache_dir="~/…"`` is under $HOME (was a literal ``./~`` folder)."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    load(SOURCE, language="c", cache_dir="~/.cache/enzyme-opt")["f"](np.ones(2), 2)
    assert len(list((tmp_path / "home/.cache/enzyme-opt").glob("*.o"))) == 1
    assert not (tmp_path / "~").exists()
    monkeypatch.setenv("ENZYME_OPT_CACHE_DIR", "~/objects")
    load(SOURCE, language="c")["f"](np.ones(2), 2)
    assert len(list((tmp_path / "home/objects").glob("*.o"))) == 1
    assert not (tmp_path / "~").exists()


def test_an_undefined_external_blocks_only_its_callers():
    """Functions that never call an undefined external are callable and
    differentiable (the object keeps only what the entry points reach)."""
    m = load("double g(double);\ndouble f(double x) { return g(x) * 2; }\n"
             "double h(double x) { return x * x; }", language="c")
    assert m["h"](3.0) == 9.0
    assert autodiff(Reverse, m["h"], Active, Active(3.0)) == ((6.0,),)
    from enzyme_opt.diagnostics import EnzymeOptError
    with pytest.raises(EnzymeOptError, match="calls g, which this process does not define"):
        m["f"](1.0)


def test_float16_needs_the_compiler_runtime():
    """``_Float16`` arithmetic calls libgcc's ``__extendhfsf2``/``__truncsfhf2``
    on x86-64: the runtime library is loaded (was: 'calls __extendhfsf2,
    which this process does not define')."""
    m = load("_Float16 h(_Float16 x) { return x * x; }", language="c")
    assert m["h"](3.0) == 9.0
    assert autodiff(Reverse, m["h"], Active, Active(3.0)) == ((6.0,),)


def test_missing_runtime_helper_names_the_library(monkeypatch):
    from enzyme_opt.api import native
    monkeypatch.setattr(native, "missing_in_process", lambda names: list(names))
    m = load("_Float16 h2(_Float16 x) { return x + x; }", language="c")
    from enzyme_opt.diagnostics import EnzymeOptError
    with pytest.raises(EnzymeOptError, match="helpers of the compiler's run-time library, "
                                             "which libgcc_s.so.1 defines"):
        m["h2"](3.0)
