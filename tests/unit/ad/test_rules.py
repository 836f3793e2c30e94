"""The derivative table and the table of math names agree: a name with no rule would be
classified as math and then fail; a rule with no name would never be used."""
from enzyme_opt.ad.rules.elementwise import RULES
from enzyme_opt.knowledge.math_names import MATH_NAMES, math_name_of


def test_every_math_name_has_a_rule_and_every_rule_a_name():
    assert set(RULES) == set(MATH_NAMES)


def test_callee_names_map_to_rules():
    assert [math_name_of(n) for n in ("llvm.sin.f64", "sinf", "__nv_sin", "cabs", "sinl",
                                      "rsqrt", "__nv_rsqrtf", "fadd", "printf")] == \
        ["sin", "sin", "sin", "hypot", None, None, "rsqrt", None, None]


def test_decomposition_family():
    """frexp is math (its mantissa has a rule; its exponent goes through the pointer), the
    pair intrinsic llvm.frexp is not elementwise, logb is piecewise constant, scalbn and
    scalbln are ldexp; ilogb (an integer) is no math at all."""
    assert [math_name_of(n) for n in ("frexp", "frexpf", "llvm.frexp.f64.i32", "logb", "logbf",
                                      "scalbn", "scalblnf", "ilogb")] == \
        ["frexp", "frexp", None, "logb", "logb", "ldexp", "ldexp", None]
    assert RULES["logb"].partials == ()


def test_overloaded_intrinsics_are_inactive_by_their_base_name():
    """``llvm.invariant.start.p0`` is ``llvm.invariant.start``: clang marks a function-local
    ``static const`` initialised at run time with it, and once that global has a shadow
    its pointer argument is active (cpp/static_data.cpp at -O1)."""
    from enzyme_opt.knowledge.calls import is_inactive_callee
    assert is_inactive_callee("llvm.invariant.start.p0")
    assert is_inactive_callee("llvm.invariant.end.p0")
    assert is_inactive_callee("llvm.umax.i32")
    assert not is_inactive_callee("llvm.fmuladd.f64")
    assert not is_inactive_callee("llvm.vector.reduce.fadd.v4f64")


def test_a_rules_calls_is_the_only_thing_its_partial_reads():
    """``Rule.calls`` (the math function a unary partial is, up to sign) is what the reverse
    sweep substitutes the primal's own call for, reading that call instead of the operand:
    the partial must ask for that function of its operand and read nothing else."""
    class Recording:
        def __init__(self):
            self.asked = []

        def call(self, name, *args):
            self.asked.append((name, args))
            return "value"

        def neg(self, value):
            return ("neg", value)

    with_calls = {name: rule for name, rule in RULES.items() if rule.calls is not None}
    assert set(with_calls) >= {"sin", "cos", "sinh", "cosh"}
    for name, rule in with_calls.items():
        m, operand = Recording(), object()
        partial = rule.partial(0)(m, [operand], None)
        assert m.asked == [(rule.calls, (operand,))], name
        assert partial in ("value", ("neg", "value")), name
