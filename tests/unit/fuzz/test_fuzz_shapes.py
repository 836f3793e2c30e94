"""The fuzzers' pointer shapes (tests/fuzz/gen_pointers.py): constant data kept by pointer in
shadow memory (run-time activity), calls through function pointers and virtual calls with
active arguments. They appear in generated programs, the programs compile, a few run end to
end, a derivative that stops itself when run is a refusal, and the seeds the other fuzz tests
name are the programs they were (the shapes draw from a random stream of their own).
"""
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"
sys.path.insert(0, str(FUZZ))
import gen  # noqa: E402
import gen_cpp  # noqa: E402
import run  # noqa: E402

def first(module, wanted) -> int:
    """The first seed whose program has what ``wanted`` asks (seeds, not programs, are what
    changes when the shapes change)."""
    return next(seed for seed in range(1000) if wanted(module.generate(seed)))


def has(*shapes):
    return lambda program: set(shapes) <= set(program.shapes)


C_SHAPES = {"cd_struct", "cd_rows", "cd_copy", "cd_callee", "cd_write", "fp_table",
            "fp_select", "fp_update", "fp_callback", "fp_callbacks", "fp_pass", "fp_reduce",
            "x_use"}
CPP_SHAPES = C_SHAPES | {"v_stack", "v_heap", "v_ref", "v_factory"}


def test_every_shape_appears_in_some_program():
    c = set().union(*(gen.generate(seed).shapes for seed in range(200)))
    cpp = set().union(*(gen_cpp.generate(seed).shapes for seed in range(200)))
    assert c == C_SHAPES, C_SHAPES - c
    assert cpp == CPP_SHAPES, CPP_SHAPES - cpp


def test_a_program_with_shapes_says_so_in_its_source():
    program = gen.generate(first(gen, has("cd_struct", "x_use")))   # constant data, an
    assert program.cdata and program.ext and program.scalar_only      # outside object
    text = program.source()
    for feature in ("#define FUZZ_CDATA 1", "#define FUZZ_SCALAR_ONLY 1", "#define FUZZ_EXT 1",
                    "real *cd, void *ext)", "struct fuzz_mix {", "typedef real (*fuzz_fu)(real);",
                    "static void *fuzz_ext_make(int shadow)", "__enzyme_virtualreverse"):
        assert feature in text, feature
    text = gen_cpp.generate(first(gen_cpp, has("v_factory", "v_stack", "x_use"))).source()
    for feature in ("struct Shape {", "struct ShapeC : ShapeA {", "struct ShapeD : Shape {",
                    "->eval(", "const Shape *", "->feed(", "(const Shape *)ext",
                    "*(void **)o = __enzyme_virtualreverse(*(void **)o);"):
        assert feature in text, feature


def test_the_other_tests_seeds_have_no_shapes():
    """Their programs are what they were before the shapes (the claims made about them hold)."""
    for seed in (0, 1, 3, 4, 5, 6, 8, 12, 14, 18, 28, 45):
        program = gen.generate(seed)
        assert program.shapes == () and not program.cdata and not program.scalar_only, seed
        assert "fuzz_mix" not in program.source() and "fuzz_fu" not in program.source()
    for seed in (3, 4, 6, 8):
        assert gen_cpp.generate(seed).shapes == (), seed


@pytest.mark.parametrize("lang, index", [("c", 0), ("c", 1), ("c", 2), ("c", 3),
                                         ("cpp", 0), ("cpp", 1), ("cpp", 2), ("cpp", 3)])
def test_programs_with_shapes_compile(lang, index, tmp_path):
    """The first four programs with shapes (their seeds), each language."""
    compiler, suffix, module = run.LANGS[lang]
    seed = [s for s in range(100) if module.generate(s).shapes][index]
    src = tmp_path / ("p" + suffix)
    src.write_text(module.generate(seed).source())
    r = subprocess.run([compiler, "-O1", *run.GENERATED_FLAGS, "-S", "-emit-llvm", "-I",
                        str(FUZZ), str(src), "-o", str(tmp_path / "p.ll")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("lang, shapes", [
    ("c", ("cd_struct", "cd_rows", "cd_callee")),     # constant data in structs and rows
    ("c", ("fp_table", "fp_callbacks", "x_use")),     # tables, callback structs, made outside
    ("cpp", ("v_stack", "v_factory", "x_use"))])      # virtual calls, an object made outside
def test_programs_with_shapes_run(lang, shapes):
    """The first program with these shapes, end to end at -O2."""
    module = run.LANGS[lang][2]
    outcome = run.run_one((first(module, has(*shapes)), "O2", None, None, lang))
    assert outcome.verdict == "passed", f"{outcome.verdict}: {outcome.detail}\n{outcome.regen()}"
    assert outcome.checks[0] >= 18 and outcome.checks[2] > 50   # reverse, split, forward


def test_a_derivative_that_stops_when_run_is_a_refusal():
    """A value carrying a derivative written into the constant data through a pointer kept in
    shadow memory (cd_write, by a noinline helper given the struct): the derivative stops with
    enzyme-opt's line, and so does the conservative one: refused, not crashed."""
    source = gen.generate(first(gen, lambda p: "mix_poison" in p.source())).source()
    with tempfile.TemporaryDirectory() as tmp:
        verdict, detail, _ = run.check_source(source, "O0", Path(tmp))
    assert verdict == "refused", (verdict, detail)
    assert detail.startswith("stopped when run: enzyme-opt: "), detail
    assert "written into constant data" in detail


def test_the_constant_data_is_checked():
    """The harness compares the constant data after every AD call with what the primal leaves
    (and with what split mode put there between its two calls)."""
    program = gen.generate(first(gen, lambda p: p.cdata and not p.scalar_only))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        run.check_source(program.source(), "O0", work, compare=False)
        out = subprocess.run([str(work / "p.bin")], capture_output=True, text=True,
                             env={"FUZZ_PRINT_AD": "1"}).stdout
    for label in ("reverse.cd[4]", "split.cd[0]", "split-reverse.cd[0]", "forward.cd[0]"):
        assert f"FUZZ-AD {label} " in out, label


def test_changed_constant_data_is_reported_as_wrong():
    """The check of the constant data can fail: seen perturbed (FUZZ_SABOTAGE) it is wrong,
    after the reverse call and after split mode's reverse call."""
    with tempfile.TemporaryDirectory() as tmp:
        source = gen.generate(first(gen, lambda p: p.cdata and "cd_write" not in p.shapes))
        verdict, detail, _ = run.check_source(source.source(), "O0", Path(tmp),
                                              cflags=("-DFUZZ_SABOTAGE=0.05",), compare=False)
    assert verdict == "wrong", (verdict, detail)
    assert detail.startswith("reverse.cd[0] "), detail
    assert "split-reverse.cd[0]" in detail or "split.cd[0]" in detail, detail
