"""The names users copy from the docs import from enzyme_opt itself, and the
command line does not pay for them (NumPy is imported on first use)."""

import subprocess
import sys


def test_documented_spelling():
    from enzyme_opt import (Active, BatchDuplicated, Const, Duplicated, DuplicatedNoNeed,
                            Forward, ForwardWithPrimal, Reverse, ReverseSplitNoPrimal,
                            ReverseSplitWithPrimal, ReverseWithPrimal, autodiff, autodiff_thunk,
                            gradient, hvp, jacobian, load)
    import enzyme_opt
    for name in (Active, BatchDuplicated, Const, DuplicatedNoNeed, Forward, ForwardWithPrimal,
                 Reverse, ReverseSplitNoPrimal, ReverseWithPrimal, autodiff_thunk, gradient, hvp,
                 jacobian, load):
        assert getattr(enzyme_opt, name.__name__ if hasattr(name, "__name__") else repr(name)) \
            is name
    assert enzyme_opt.autodiff is autodiff
    assert repr(ReverseSplitWithPrimal) == "ReverseSplitWithPrimal"
    assert repr(Duplicated(1.0, 2.0)) == "Duplicated(1.0, 2.0)"


def test_star_import_and_dir():
    namespace: dict = {}
    exec("from enzyme_opt import *", namespace)
    assert {"load", "autodiff", "gradient", "Active"} <= set(namespace)
    import enzyme_opt
    assert "jacobian" in dir(enzyme_opt)


def test_command_line_does_not_import_numpy():
    code = "import sys, enzyme_opt.cli; sys.exit('numpy' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
