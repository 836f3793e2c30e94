"""tests/peer (`make peer`): reading lit RUN lines, rewriting them for enzyme-opt, and telling
a refusal from a wrong number. Everything here runs on small strings written for these tests;
no Enzyme test file is needed (the corpus itself stays outside the repository)."""
import importlib.util
import sys
from pathlib import Path

import pytest

PEER = Path(__file__).resolve().parents[2] / "peer"
sys.path.insert(0, str(PEER))
import classify  # noqa: E402
import report  # noqa: E402
import runlines  # noqa: E402

# tests/peer/run.py under its own name: tests/fuzz/run.py is `run` to the fuzz tests, which
# may share this process
_spec = importlib.util.spec_from_file_location("peer_run", PEER / "run.py")
peer_run = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(peer_run)

TOOLS = {"enzyme-opt": "enzyme-opt", "not": "/usr/lib/llvm-22/bin/not"}
INC = ["-I/inc/enzyme"]


def expand(text, source="/t/dir/case.c", tmp="/w"):
    return runlines.expand(runlines.RunLine(1, text), source, tmp, TOOLS, INC)


def test_run_lines_are_read_with_continuations_and_line_numbers():
    text = "\n".join([
        "// A comment that mentions RUN: but is not one",
        "// RUN: %clang -O2 %s -S -emit-llvm -o - \\",
        "// RUN:   | %lli -",
        "// COM: %clang -O3 %s",
        "int main() { return 0; }",
        "; RUN: %opt < %s %loadEnzyme -enzyme -S",
    ])
    runs = runlines.parse_run_lines(text)
    assert [r.number for r in runs] == [2, 6]
    assert runs[0].text == "%clang -O2 %s -S -emit-llvm -o - | %lli -"
    assert runs[1].text.startswith("%opt < %s")


def test_xfail_and_requires_directives():
    found = runlines.directives("// XFAIL: *\n// REQUIRES: x86-registered-target\nint x;\n")
    assert found == {"XFAIL": ["*"], "REQUIRES": ["x86-registered-target"]}


def test_opt_with_the_plugin_becomes_enzyme_opt():
    run = expand("%clang -O1 %s -S -emit-llvm -o - | %opt - %OPloadEnzyme %enzyme "
                 "-enzyme-inline=1 -S | %lli -")
    assert run.command == ("clang-22 -I/inc/enzyme -O1 /t/dir/case.c -S -emit-llvm -o - "
                           "| enzyme-opt - -S | lli-22 --jit-kind=mcjit -")
    assert run.level == "O1" and not run.verify and not run.skip
    old_pm = expand("%opt %s %loadEnzyme -enzyme -mem2reg -passes=\"enzyme\" -o %t.ll -S")
    assert old_pm.command == "enzyme-opt -o /w/t.ll /t/dir/case.c -S"


def test_plain_substitutions_and_version_guards():
    run = expand("if [ %llvmver -ge 12 ]; then %clang++ %O0TBAA %s -o %s.out && %s.out ; fi")
    assert run.command.startswith("if [ 22 -ge 12 ] ; then clang++-22 -I/inc/enzyme "
                                  "-O1 -Xclang -disable-llvm-passes /t/dir/case.c")
    assert "-o /w/case.c.out && /w/case.c.out" in run.command
    assert run.level == "O0TBAA"


def test_clang_plugin_flow_pipes_clang_through_enzyme_opt():
    words = ["clang-22", "-std=c11", "-O2", "x.c", "-S", "-emit-llvm", "-o", "-",
             "%loadClangEnzyme", "-mllvm", "-enzyme-inline=1"]
    # The plugin's attributes reach enzyme-opt through `enzyme-opt --clang-flags`.
    assert runlines.plugin_flow(words, TOOLS, "optimized") == (
        "clang-22 $(enzyme-opt --clang-flags) -std=c11 -O2 x.c -S -emit-llvm -o - "
        "| enzyme-opt -O 2 - -S -o -")
    # An object or a program: clang finishes from enzyme-opt's IR, with the link flags.
    words = ["clang++-22", "-O3", "x.cpp", "-lm", "-o", "prog", "%newLoadClangEnzyme"]
    assert runlines.plugin_flow(words, TOOLS, "disable-llvm-passes") == (
        "clang++-22 $(enzyme-opt --clang-flags) -O3 x.cpp -Xclang -disable-llvm-passes "
        "-S -emit-llvm -o - "
        "| enzyme-opt -O 3 - | clang++-22 -O3 -x ir - -o prog -lm")
    # -enzyme-vectorize-at-leaf-nodes changes the calling convention: it goes to enzyme-opt.
    words = ["clang-22", "-O1", "x.c", "-S", "-emit-llvm", "-o", "-", "%loadClangEnzyme",
             "-mllvm", "-enzyme-vectorize-at-leaf-nodes", "-mllvm", "-enzyme-inline=1"]
    assert runlines.plugin_flow(words, TOOLS, "optimized") == (
        "clang-22 $(enzyme-opt --clang-flags) -O1 x.c -S -emit-llvm -o - "
        "| enzyme-opt -enzyme-vectorize-at-leaf-nodes -O 1 - -S -o -")


def test_verify_lines_and_expected_errors():
    run = expand("%clang -O0 %s -S -emit-llvm -o - %loadClangEnzyme -Xclang -verify")
    assert run.verify and "-verify" not in run.command
    text = "f(); // expected-error {{no derivative for f}} expected-note {{here}}\n" \
           "// expected-error@+1 {{second one}}\n"
    assert classify.expected_errors(text) == ["no derivative for f", "second one"]


@pytest.mark.parametrize("text, why", [
    ("%opt %loadSomethingElse -S %s", "substitution %loadSomethingElse"),
    ("%opt - %loadEnzyme %enzyme --enzyme-print-activity -S", "Enzyme-only option"),
    ("%clang -O2 -flto %loadClangEnzyme -c %s -o /dev/null", "LTO"),
    ("if [ %llvmver -le 11 ]; then %clang %s -o %t; fi", "version guard is false"),
])
def test_lines_that_cannot_say_anything_about_enzyme_opt_are_skipped(text, why):
    assert why in expand(text).skip


def test_not_with_a_redirection_runs_the_rewritten_stages_as_one_program():
    run = expand("not %clang -O2 %loadClangEnzyme -c %s -o /dev/null 2>&1 | FileCheck %s")
    assert run.command.startswith("/usr/lib/llvm-22/bin/not bash -o pipefail -c '{ clang-22")
    assert run.command.endswith("; } 2>&1' | FileCheck-22 /t/dir/case.c")


def test_separators_inside_quotes_do_not_split():
    assert runlines.split_segments("echo 'a | b' && x | y") == [
        "echo 'a | b' ", "&&", " x ", "|", " y"]


def tool(name, rc, args="", err=""):
    return classify.Tool(name, rc, args, err)


def verdict(rc, tools, stdout="", stderr="", verify=False, errors=(), xfail=False):
    return classify.classify(rc, False, stdout, stderr, tools, "/t/case.c", verify,
                             list(errors), xfail)


def test_a_one_line_diagnostic_is_a_refusal_and_a_traceback_a_crash():
    line = "enzyme-opt: error: in function @f, block %1: cannot differentiate this"
    v = verdict(1, [tool("clang-22", 0, "/t/case.c"), tool("enzyme-opt", 1, err=line)])
    assert (v.status, v.detail) == ("refused", line)
    v = verdict(1, [tool("enzyme-opt", 1, err="Traceback (most recent call last):\n  x\n"
                                               "KeyError: 3\n")])
    assert (v.status, v.kind) == ("failed", "crash")
    v = verdict(1, [tool("enzyme-opt", 1, err="enzyme-opt: error: the output: bad IR")])
    assert (v.status, v.kind) == ("failed", "invalid")


def test_a_failed_check_of_the_program_is_a_wrong_number():
    err = ("Assertion Failed: fabs( [d = 3] - [4.0 = 4] ) > 1e-10 at case.c:9 (main)\n"
           "PLEASE submit a bug report to ...\nStack dump:\n 0. lli-22 -\n")
    v = verdict(134, [tool("enzyme-opt", 0), tool("lli-22", 134, err=err)])
    assert (v.status, v.kind) == ("failed", "wrong")
    assert v.detail.startswith("Assertion Failed: fabs( [d = 3]")
    # A program that checks by hand and exits 1.
    v = verdict(1, [tool("enzyme-opt", 0), tool("lli-22", 1)], stdout="dx[0] = 1, expected 2\n")
    assert (v.status, v.kind) == ("failed", "wrong")
    v = verdict(139, [tool("enzyme-opt", 0), tool("lli-22", 139, err="Stack dump:\n")])
    assert (v.status, v.kind) == ("failed", "program")
    v = verdict(1, [tool("enzyme-opt", 0), tool("lli-22", 1, err="JIT session error: "
                                                  "Symbols not found: [ g ]\n")])
    assert (v.status, v.kind) == ("failed", "link")
    # Plain clang drops the attributes that only Enzyme's clang plugin defines: say so.
    warn = ("case.c:3:16: warning: unknown attribute 'enzyme_inactive' ignored "
            "[-Wunknown-attributes]")
    v = verdict(134, [tool("clang-22", 0, "/t/case.c", warn), tool("enzyme-opt", 0),
                      tool("lli-22", 134, err="Assertion Failed: fabs( [d = 2] - [0 = 0] )")])
    assert v.kind == "wrong" and v.notes == [
        "clang ignored the clang-plugin attribute(s) enzyme_inactive"]
    # A wrong number that enzyme-opt warned about is marked so.
    v = verdict(134, [tool("enzyme-opt", 0, err="enzyme-opt: warning: f.ll: @sq_ has a "
                           "registered derivative, but no call of it is left\n"),
                      tool("lli-22", 134, err="Assertion Failed: fabs( [d = 2] - [0 = 0] )")])
    assert v.notes[0].startswith("enzyme-opt warned (1): enzyme-opt: warning: f.ll: @sq_")


def test_a_derivative_that_stops_itself_with_our_reason_is_a_refusal():
    stop = ("enzyme-opt: in function @g, block %24: the shadow of the function pointer called "
            "here with active arguments is not a table of derivatives: null")
    v = verdict(134, [tool("enzyme-opt", 0), tool("lli-22", 134, err=stop + "\nStack dump:\n")])
    assert v.status == "refused" and v.detail.endswith("stopped when run: " + stop)
    # The program's own failed check still counts first.
    err = "Assertion Failed: fabs( [d = 3] - [4.0 = 4] ) > 1e-10\n" + stop
    v = verdict(134, [tool("enzyme-opt", 0), tool("lli-22", 134, err=err)])
    assert (v.status, v.kind) == ("failed", "wrong")


def test_the_stage_that_failed_first_is_blamed():
    # clang could not compile the test: enzyme-opt then read nothing and complained.
    v = verdict(1, [tool("clang-22", 1, "-O2 /t/case.c", "case.c:1: error: no such header"),
                    tool("enzyme-opt", 1, err="enzyme-opt: error: empty input")])
    assert (v.status, v.kind) == ("failed", "compile")
    v = verdict(1, [tool("enzyme-opt", 0),
                    tool("FileCheck-22", 1, err="x.c:3:11: error: CHECK: expected string")])
    assert (v.status, v.kind) == ("failed", "filecheck")
    # FileCheck over the program's output checks numbers: that is a wrong number.
    v = verdict(1, [tool("enzyme-opt", 0), tool("lli-22", 0),
                    tool("FileCheck-22", 1, err="x.c:9:15: error: CHECK-NEXT: expected string\n"
                                                 "// CHECK-NEXT: dA[5] = 12\n")])
    assert (v.status, v.kind) == ("failed", "wrong") and "dA[5] = 12" in v.detail
    v = verdict(1, [tool("enzyme-opt", 0), tool("clang-22", 1, "-x ir -", "error: bad")])
    assert (v.status, v.kind) == ("failed", "invalid")


def test_verify_tests_expect_an_error():
    refusal = tool("enzyme-opt", 1, err="enzyme-opt: error: no derivative for @g")
    v = verdict(1, [tool("clang-22", 0, "/t/case.c"), refusal], verify=True, errors=["x"])
    assert v.status == "passed"
    v = verdict(0, [tool("clang-22", 0, "/t/case.c"), tool("enzyme-opt", 0)], verify=True,
                errors=["Enzyme: No reverse pass found"])
    assert (v.status, v.kind) == ("failed", "no-error")
    v = verdict(1, [tool("clang++-22", 1, "/t/case.c", "error: static assertion failed: bad")],
                verify=True, errors=["static assertion failed: bad"])
    assert v.status == "passed"


def test_xfail_turns_a_failure_into_an_expected_one():
    v = verdict(1, [tool("enzyme-opt", 0), tool("lli-22", 1)], stdout="wrong\n", xfail=True)
    assert v.status == "xfail"


def test_refusal_reasons_group_without_names_and_numbers():
    a = report.normalize("enzyme-opt: error: in function @f, block %3: x has 2 uses")
    b = report.normalize("enzyme-opt: error: in function @g, block %17: x has 5 uses")
    assert a == b
    assert "@__enzyme_shadow" in report.normalize(
        "enzyme-opt: error: the function @__enzyme_shadow is not supported")


def test_a_check_of_what_a_void_function_derivative_returns_is_undefined():
    # Enzyme's omp_firstprivate.c: the tangent of a void function has no value to check.
    text = ("double __enzyme_fwddiff(void*, ...);\nvoid omp(double* a, double in, int N) {}\n"
            "int main() { double res = __enzyme_fwddiff((void*)omp, a, d_a, 1.0, 1.0, N); }\n")
    assert "omp, which returns void" in peer_run.undefined_check(text)
    assert peer_run.skip_reason(Path("/t/ForwardMode/omp/x.c"), text)
    # The value of a function that returns one, or a void derivative not read, is fine.
    assert not peer_run.undefined_check(text.replace("void omp(", "double omp("))
    assert not peer_run.undefined_check(text.replace("double res = __enzyme", "__enzyme"))
