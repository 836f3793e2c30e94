"""load() from every kind of source; lookups by C, C++ and mangled names;
primal calls converting numbers, booleans, structs and arrays."""

import subprocess

import numpy as np
import pytest

from enzyme_opt import FunctionNotFound, ToolNotFound, UnsupportedType, load
from enzyme_opt.api import module as api_module
from enzyme_opt.diagnostics import InputError

SOURCE = "double f(const double *x) { return x[0] * x[1]; }\n"


@pytest.fixture(scope="module")
def ir_text():
    run = subprocess.run(["clang-22", "-O2", "-S", "-emit-llvm", "-x", "c", "-", "-o", "-"],
                         input=SOURCE, capture_output=True, text=True, check=True)
    return run.stdout


def check(module):
    assert module["f"](np.array([2.0, 3.0])) == 6.0


def test_load_ll_and_bc_files(ir_text, tmp_path):
    ll = tmp_path / "m.ll"
    ll.write_text(ir_text)
    check(load(str(ll)))
    bc = tmp_path / "m.bc"
    subprocess.run(["llvm-as-22", str(ll), "-o", str(bc)], check=True)
    check(load(bc))
    check(load(bc.read_bytes()))


def test_load_c_file(tmp_path):
    c = tmp_path / "model.c"
    c.write_text(SOURCE)
    check(load(c))
    check(load(str(c), cflags=["-O0"]))  # optnone code differentiates too


def test_load_text_and_llvmlite_modules(ir_text):
    check(load(ir_text))
    import llvmlite.binding as llvm
    import llvmlite.ir as ir
    check(load(llvm.parse_assembly(ir_text)))
    module = ir.Module(name="built")
    fn = ir.Function(module, ir.FunctionType(ir.DoubleType(), [ir.DoubleType()]), name="sq")
    b = ir.IRBuilder(fn.append_basic_block())
    b.ret(b.fmul(fn.args[0], fn.args[0]))
    assert load(module)["sq"](3.0) == 9.0


def test_missing_clang(monkeypatch, tmp_path):
    monkeypatch.setattr(api_module, "CLANG", "clang-does-not-exist-22")
    c = tmp_path / "model.c"
    c.write_text(SOURCE)
    with pytest.raises(ToolNotFound, match="clang-does-not-exist-22 is not installed"):
        load(c)


def test_c_compile_error():
    with pytest.raises(InputError, match="clang-22 failed: .*error"):
        load("double f(double x) { return x +; }", language="c")


def test_foreign_target():
    with pytest.raises(InputError, match="nvptx64-nvidia-cuda.*runs code on this machine"):
        load('target triple = "nvptx64-nvidia-cuda"\ndefine double @f(double %x) {\n'
             '  ret double %x\n}\n')


def test_unknown_function_suggests(kernels):
    with pytest.raises(FunctionNotFound, match="did you mean 'mul'"):
        kernels["mull"]


def test_declared_only(kernels):
    with pytest.raises(FunctionNotFound, match="@sin is only declared"):
        kernels["sin"]


CPP = r"""
namespace physics {
  double energy(double v) { return 0.5 * v * v; }
  double energy(double m, double v) { return 0.5 * m * v * v; }
  template <typename T> T cube(T x) { return x * x * x; }
  template double cube<double>(double);
  struct Spring { double k; double force(double x) const { return -k * x; } };
  double spring(double x) { Spring s{2.0}; return s.force(x); }
}
"""


@pytest.fixture(scope="module")
def cpp():
    return load(CPP, language="c++")


def test_cpp_by_demangled_spelling(cpp):
    assert cpp["physics::energy(double)"](2.0) == 2.0
    assert cpp["physics::energy(double, double)"](3.0, 2.0) == 6.0
    assert cpp["physics::energy(double,double)"](3.0, 2.0) == 6.0  # spaces do not matter


def test_cpp_by_name_without_parameters(cpp):
    assert cpp["physics::cube<double>"](2.0) == 8.0
    assert cpp["physics::spring"](1.5) == -3.0


def test_cpp_by_mangled_name(cpp):
    assert cpp["_ZN7physics6energyEd"](2.0) == 2.0


def test_cpp_overloads_are_ambiguous(cpp):
    with pytest.raises(FunctionNotFound, match=r"overloaded.*physics::energy\(double\); "
                                               r"physics::energy\(double, double\)"):
        cpp["physics::energy"]


def test_primal_conversions(kernels):
    assert kernels["add_ints"](-5, 3) == -2
    assert kernels["is_positive"](2.0) == 1
    assert kernels["negative"](-1.0) is True
    assert kernels["squaref"](np.float32(1.5)) == 2.25
    assert kernels["polar"](2.0, 0.0) == (2.0, 0.0)
    assert kernels["vec_f"](np.zeros(2), np.ones(2)) is None


def test_primal_writes_through_arrays(kernels):
    y = np.zeros(4)
    kernels["scale_into"](y, np.arange(4.0), 2.0, 4)
    np.testing.assert_array_equal(y, [0.0, 2.0, 8.0, 18.0])


def test_struct_parameters_are_tuples():
    m = load("""
define double @norm2({ double, double } %p, [2 x float] %q) {
  %a = extractvalue { double, double } %p, 0
  %b = extractvalue { double, double } %p, 1
  %c = extractvalue [2 x float] %q, 1
  %cd = fpext float %c to double
  %aa = fmul double %a, %a
  %bb = fmul double %b, %b
  %s = fadd double %aa, %bb
  %t = fadd double %s, %cd
  ret double %t
}
""")
    assert m["norm2"]((3.0, 4.0), (0.0, 1.0)) == 26.0
    from enzyme_opt import Active, AnnotationError, Duplicated, Forward, Reverse, autodiff
    assert autodiff(Forward, m["norm2"], Duplicated((3.0, 4.0), (1.0, 0.0)),
                    Duplicated((0.0, 1.0), (0.0, 1.0))) == (7.0,)
    with pytest.raises(AnnotationError, match="struct passed by value cannot be Active"):
        autodiff(Reverse, m["norm2"], Active, Active((3.0, 4.0)), Active((0.0, 1.0)))
    with pytest.raises(TypeError, match=r"argument 1 of @norm2 .* must be a tuple of 2"):
        m["norm2"](3.0, (0.0, 1.0))


def test_unsupported_parameter_type():
    m = load("define x86_fp80 @long_double(x86_fp80 %x) {\n  ret x86_fp80 %x\n}\n")
    with pytest.raises(UnsupportedType, match="x86_fp80"):
        m["long_double"]


@pytest.mark.parametrize("source", ["double g(double x) { return x; }",
                                    "double g(double x)\n{ return x; }\n"])
def test_c_source_without_language_says_so(source):
    """A string that is neither a file nor IR: say that C needs language=
    (was 'No such file or directory', or LLVM's 'expected top-level entity')."""
    with pytest.raises(InputError, match="C or C\\+\\+ source needs language='c' or "
                                         "language='c\\+\\+'"):
        load(source)


def test_missing_path_is_still_a_missing_file():
    with pytest.raises(InputError, match="No such file or directory"):
        load("no/such/model.ll")


UNSIGNED = r"""
#include <stdint.h>
unsigned int u(void) { return 4000000000u; }
const uint32_t u32(void) { return 4000000000u; }
unsigned long long ull(void) { return 18000000000000000000ull; }
int s(void) { return -5; }
long long sll(void) { return -5; }
unsigned short us(void) { return 60000; }
enum big { BIG = 3000000000u };
enum big e(void) { return BIG; }
"""


def test_unsigned_results_read_as_unsigned():
    """``unsigned int`` results come back unsigned: clang marks only narrower
    results zeroext, so the debug info (-g, on by default) says it (was
    4000000000 → -294967296)."""
    m = load(UNSIGNED, language="c")
    assert [m[n]() for n in ("u", "u32", "ull", "s", "sll", "us", "e")] == \
        [4000000000, 4000000000, 18000000000000000000, -5, -5, 60000, 3000000000]


def test_without_debug_info_wide_unsigned_results_read_as_signed():
    """What python.md says happens with cflags that leave out -g."""
    m = load(UNSIGNED, language="c", cflags=["-O2"])
    assert m["u"]() == 4000000000 - 2**32 and m["us"]() == 60000
