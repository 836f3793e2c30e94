"""The enzyme-opt command line, run as a real process (``python -m enzyme_opt``).

Contract checked here:
  - every bad input: exit status 1, exactly one line on stderr starting
    ``enzyme-opt: error: ``, no Python traceback, nothing on stdout, and no
    output file created (or clobbered) when ``-o FILE`` was given;
  - bitcode/object output to a terminal is refused, text to a terminal works;
  - a module without ``__enzyme_*`` calls passes through as LLVM's canonical text;
  - ``--version`` names the tool and LLVM 22;
  - it works as a stage of a shell pipeline between clang-22 and llc-22.
"""

from __future__ import annotations

import os
import pty
import select
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CLANG = shutil.which("clang-22")
LLC = shutil.which("llc-22")
LLVM_AS = shutil.which("llvm-as-22")

def _required_tool(name: str) -> str:
    """The LLVM 22 tools are installed by `make test`: missing is a failure,
    never a silently skipped test."""
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} not found on PATH (make toolchain installs it)", pytrace=False)
    return path


needs_clang = pytest.mark.usefixtures("clang_available")


@pytest.fixture
def clang_available():
    _required_tool("clang-22")


def enzyme_opt(*args, input=None, cwd=None, stdout=subprocess.PIPE, timeout=60):
    """Run the CLI in a fresh interpreter; returns the CompletedProcess."""
    return subprocess.run([sys.executable, "-m", "enzyme_opt", *map(str, args)],
                          input=input, stdout=stdout, stderr=subprocess.PIPE,
                          cwd=cwd, timeout=timeout)


def assert_one_error_line(proc, *fragments):
    """The diagnostic contract for a user error; returns the stderr line."""
    err = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err
    assert proc.returncode == 1, (proc.returncode, err)
    lines = err.splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {len(lines)}:\n{err}"
    assert err.endswith("\n")
    assert lines[0].startswith("enzyme-opt: error: "), lines[0]
    if proc.stdout is not None:
        assert proc.stdout == b"", proc.stdout[:200]
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


# --------------------------------------------------------------------------------------
# Bad inputs

SQ = """\
define double @sq(double %x) {
entry:
  %m = fmul double %x, %x
  ret double %m
}
"""

PTR_F = """\
define double @f(ptr %p) {
entry:
  %x = load double, ptr %p
  %m = fmul double %x, %x
  ret double %m
}
"""


def caller(call: str, ret: str = "double", params: str = "double %x",
           decl: str = "declare double @__enzyme_fwddiff(ptr, ...)") -> str:
    return f"""{decl}

define {ret} @caller({params}) {{
entry:
  %r = {call}
  ret {ret} %r
}}
"""


# id -> (file name, contents (bytes or str), fragments the error line must contain)
BAD_INPUTS = {
    "malformed-ir": (
        "bad.ll",
        "define double @f(double %x) {\nentry:\n  %y = fmulx double %x, %x\n  ret double %y\n}\n",
        ["bad.ll:3:", "expected instruction opcode"]),
    "empty": ("empty.ll", b"", ["empty.ll", "empty"]),
    "whitespace-only": ("blank.ll", b"  \n\n\t\n", ["blank.ll", "empty"]),
    "binary-garbage": ("junk.bin", bytes(range(256)) * 8, ["junk.bin", "not LLVM IR"]),
    "does-not-verify": (
        "nodom.ll",
        "define i32 @f() {\nentry:\n  %x = add i32 %z, 1\n  %z = add i32 1, 1\n  ret i32 %x\n}\n",
        ["nodom.ll", "does not verify"]),
    "missing-shadow": (
        "noshadow.ll",
        SQ + caller('call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, metadata !"enzyme_dup", double %x)'),
        ["too few arguments", "shadow", "@sq", "__enzyme_fwddiff"]),
    "missing-argument": (
        "noarg.ll",
        SQ + caller("call double (ptr, ...) @__enzyme_autodiff(ptr @sq)",
                    decl="declare double @__enzyme_autodiff(ptr, ...)"),
        ["too few arguments", "@sq"]),
    "too-many-arguments": (
        "toomany.ll",
        SQ + caller("call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, double %x, double 1.0, double 2.0)"),
        ["too many arguments", "@sq"]),
    "shadow-type-mismatch": (
        "badshadow.ll",
        PTR_F + caller('call double (ptr, ...) @__enzyme_fwddiff(ptr @f, metadata !"enzyme_dup", ptr %p, double 1.0)',
                       params="ptr %p"),
        ["shadow", "double", "ptr"]),
    "unknown-marker": (
        "dupx.ll",
        SQ + caller('call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, metadata !"enzyme_dupx", double %x, double 1.0)'),
        ["enzyme_dupx"]),
    "unknown-marker-global": (
        "dupxg.ll",
        "@enzyme_dupx = external global i32\n" + SQ + caller(
            "call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, i32 %m, double %x, double 1.0)")
        .replace("entry:\n", "entry:\n  %m = load i32, ptr @enzyme_dupx\n"),
        ["enzyme_dupx"]),
    "declaration-only": (
        "decl.ll",
        "declare double @ext(double)\n" + caller(
            "call double (ptr, ...) @__enzyme_autodiff(ptr @ext, double %x)",
            decl="declare double @__enzyme_autodiff(ptr, ...)"),
        ["@ext", "declaration"]),
    "unsupported-entry-point-use": (  # a table whose reverse C could not call for three doubles
        "aug.ll",
        "define double @sq3(double %a, double %b, double %c) {\nentry:\n"
        "  %m = fmul double %a, %b\n  %n = fmul double %m, %c\n  ret double %n\n}\n"
        + caller("call ptr (ptr, ...) @__enzyme_virtualreverse(ptr @sq3)", ret="ptr",
                 decl="declare ptr @__enzyme_virtualreverse(ptr, ...)"),
        ["__enzyme_virtualreverse of @sq3", "at most one float or double argument"]),
    "indirect-call-on-active-value": (
        "indirect.ll",
        "define double @apply(ptr %f, double %x) {\nentry:\n  %y = call double %f(double %x)\n"
        "  ret double %y\n}\ndeclare double @elsewhere(double)\n" + caller(
            'call double (ptr, ...) @__enzyme_autodiff(ptr @apply, metadata !"enzyme_const", ptr @elsewhere, double %x)',
            decl="declare double @__enzyme_autodiff(ptr, ...)"),
        ["indirect call"]),
    "inline-asm-on-active-value": (
        "asm.ll",
        'define double @ia(double %x) {\nentry:\n  %y = call double asm "fsqrt", "=t,0"(double %x)\n'
        "  ret double %y\n}\n" + caller(
            "call double (ptr, ...) @__enzyme_fwddiff(ptr @ia, double %x, double 1.0)"),
        ["inline asm"]),
}

BAD_INPUTS.update({
    "corrupt-bitcode": ("bad.bc", b"BC\xc0\xde" + bytes(range(64)), ["bad.bc", "bitcode"]),
    # A triple LLVM has no target for: was a RuntimeError traceback from llvmlite.
    "unknown-triple": ("triple.ll", 'target triple = "x86_ 4-pc-linux-gnu"\n' + SQ + caller(
        "call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, double %x, double 1.0)"),
        ["triple.ll", 'has no target for the module\'s triple "x86_ 4-pc-linux-gnu"']),
    # LLVM reads text IR up to a NUL byte: was an empty module (or the IR before it), exit 0.
    "nul-byte": ("nul.ll", b"\0abc\n", ["nul.ll", "not LLVM IR", "NUL byte at line 1, column 1"]),
    "nul-after-ir": ("nul2.ll", SQ.encode() + b"\0junk", ["nul2.ll", "not LLVM IR",
                                                        "NUL byte at line 6, column 1"]),
    # A float shadow for a double primal is refused (as Enzyme: IllegalArgCast).
    "float-shadow-for-double": (
        "fshadow.ll",
        SQ + caller('call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, metadata !"enzyme_dup", double %x, float 1.0)'),
        ["shadow", "float", "double"]),
    # A float primal for a double parameter is refused (only C's variadic promotions are undone).
    "float-primal-for-double": (
        "fprimal.ll",
        SQ + caller("call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, float %x, double 1.0)",
                    params="float %x"),
        ["float", "double"]),
})


def _write(tmp_path: Path, name: str, contents) -> Path:
    path = tmp_path / name
    path.write_bytes(contents if isinstance(contents, bytes) else contents.encode())
    return path


def _check_bad_input(tmp_path, name, contents, fragments):
    src = _write(tmp_path, name, contents)
    out = tmp_path / "out.ll"
    proc = enzyme_opt(src, "-S", "-o", out, cwd=tmp_path)
    assert_one_error_line(proc, *fragments)
    assert not out.exists(), "an output file was created despite the error"
    assert sorted(p.name for p in tmp_path.iterdir()) == [name], "stray files left behind"
    # Same input on standard input, bitcode requested to a file: same contract.
    proc = enzyme_opt("-", "-o", out, input=src.read_bytes(), cwd=tmp_path)
    fragments = [f.replace(name, "<stdin>") for f in fragments]
    assert_one_error_line(proc, *fragments)
    assert not out.exists()


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input(tmp_path, case):
    _check_bad_input(tmp_path, *BAD_INPUTS[case])


def test_nonexistent_input(tmp_path):
    out = tmp_path / "out.ll"
    proc = enzyme_opt(tmp_path / "missing.ll", "-S", "-o", out)
    assert_one_error_line(proc, "missing.ll", "No such file or directory")
    assert not out.exists()


def test_unreadable_input(tmp_path):
    """An input path that cannot be opened (its parent is a file: ENOTDIR,
    which fails for root too, unlike a mode-000 file)."""
    _write(tmp_path, "plain", "not a directory\n")
    out = tmp_path / "out.ll"
    proc = enzyme_opt(tmp_path / "plain" / "x.ll", "-S", "-o", out)
    assert_one_error_line(proc, "x.ll", "Not a directory")
    assert not out.exists()


def test_directory_input(tmp_path):
    out = tmp_path / "out.ll"
    proc = enzyme_opt(tmp_path, "-S", "-o", out)
    assert_one_error_line(proc)
    assert not out.exists()


def test_truncated_bitcode_single_line(tmp_path):
    """Truncated bitcode is reported on one line."""
    if LLVM_AS is None:
        _required_tool("llvm-as-22")
    full = subprocess.run([LLVM_AS, "-", "-o", "-"], input=SQ.encode(),
                          capture_output=True, check=True).stdout
    src = _write(tmp_path, "trunc.bc", full[: len(full) // 2])
    proc = enzyme_opt(src, "-S", "-o", tmp_path / "out.ll")
    err = proc.stderr.decode()
    assert proc.returncode == 1 and "Traceback" not in err
    assert not (tmp_path / "out.ll").exists()
    assert len(err.splitlines()) == 1, err


C_SOURCE = "#include <math.h>\ndouble f(double x) { return sin(x); }\n"


@pytest.mark.parametrize("name, command", [
    ("f.c", "'clang-22 -O2 -g -S -emit-llvm f.c -o f.ll'"),
    ("f.cpp", "'clang++-22 -O2 -g -S -emit-llvm f.cpp -o f.ll'"),
    ("k.cu", "clang-22 -x cuda --cuda-device-only"),
])
def test_source_code_input_names_the_clang_command(tmp_path, name, command):
    """C, C++ or CUDA source is not LLVM IR: say so, and how to make IR of it
    (was LLVM's "expected top-level entity")."""
    _write(tmp_path, name, C_SOURCE)
    out = tmp_path / "out.ll"
    proc = enzyme_opt(name, "-S", "-o", out, cwd=tmp_path)
    line = assert_one_error_line(proc, f"{name}: this is ", "source, not LLVM IR", command)
    assert "top-level entity" not in line
    assert not out.exists()


def test_source_code_on_stdin(tmp_path):
    proc = enzyme_opt("-", "-S", input=C_SOURCE.encode(), cwd=tmp_path)
    assert_one_error_line(proc, "<stdin>: this looks like C or C++ source", "clang-22 -O2 -g")


def assert_one_usage_line(proc, *fragments):
    """A usage error: exit 2, one line ``enzyme-opt: error: …`` (not click's
    three lines ending ``Error: Invalid value for …``)."""
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 2, (proc.returncode, err)
    assert len(err.splitlines()) == 1 and err.startswith("enzyme-opt: error: "), err
    assert "Traceback" not in err and proc.stdout == b""
    for fragment in fragments:
        assert fragment in err, (fragment, err)


@pytest.mark.parametrize("args, fragments", [
    (["-O4"], ["-O4: not an optimization level; use -O0, -O1, -O2 or -O3"]),
    (["-Ofast"], ["-Ofast: not an optimization level; use -O0, -O1, -O2 or -O3"]),
    (["-O"], ["-O needs a value: use -O0, -O1, -O2 or -O3"]),
    (["--emit", "bc"], ["--emit bc: not an output kind; use --emit llvm, --emit asm or "
                        "--emit obj"]),
    (["--emitt", "asm"], ["unknown option --emitt (did you mean --emit", "enzyme-opt --help"]),
    (["--frobnicate"], ["unknown option --frobnicate;"]),
    (["a.ll", "b.ll"], ["unexpected argument b.ll: enzyme-opt reads one input"]),
    (["-o"], ["option '-o' requires an argument"]),
], ids=["O4", "Ofast", "O-alone", "emit-bc", "misspelled", "unknown", "two-inputs", "o-alone"])
def test_usage_error_is_one_line_listing_the_values(tmp_path, args, fragments):
    out = tmp_path / "out.ll"
    if args[-1] in ("-O", "-o") or args[0] == "a.ll":
        proc = enzyme_opt(*args, input=b"")
    else:
        proc = enzyme_opt("-", *args, "-S", "-o", out, input=FWD_MODULE.encode())
    assert_one_usage_line(proc, *fragments)
    assert not out.exists()


def test_optimization_levels_still_work():
    for args in (["-O0"], ["-O3"], ["-O", "2"], ["--emit", "llvm", "-O1"]):
        proc = enzyme_opt("-", "-S", *args, input=FWD_MODULE.encode())
        assert proc.returncode == 0, (args, proc.stderr)
        assert b"define double @caller" in proc.stdout and b"__enzyme" not in proc.stdout
    proc = enzyme_opt("-", "--emit", "asm", "-O2", input=FWD_MODULE.encode())
    assert proc.returncode == 0 and b"caller:" in proc.stdout, proc.stderr


@pytest.mark.parametrize("args, fragments", [
    (["--mcpu", "skylak"], ["--mcpu skylak: not a processor LLVM knows for x86_64-pc-linux-gnu",
                            "did you mean skylake", "-mcpu=help"]),
    (["--mcpu", "bogus"], ["--mcpu bogus: not a processor"]),
    (["--mattr", "+avx3"], ["--mattr +avx3: +avx3 is not a feature LLVM knows",
                            "did you mean +avx"]),
    (["--mattr", "+sse2,-bogus"], ["-bogus is not a feature"]),
    (["--mattr", "avx2"], ["each feature starts with + (enable) or - (disable), as in +avx2"]),
], ids=["cpu-misspelled", "cpu-bogus", "feature", "feature-second", "feature-unsigned"])
@pytest.mark.parametrize("emit", [["--emit", "obj"], ["-S"]], ids=["obj", "ir"])
def test_unknown_cpu_or_feature_is_refused(tmp_path, args, fragments, emit):
    """LLVM warns and ignores an unknown --mcpu/--mattr (llc-22 too): refused in
    one line naming it; was accepted silently (or 'LLVM cannot generate code:
    64-bit code requested on a subtarget that doesn't support it!', or an
    abort for a feature without its sign)."""
    module = 'target triple = "x86_64-pc-linux-gnu"\n' + FWD_MODULE
    out = tmp_path / "out"
    proc = enzyme_opt("-", *args, *emit, "-o", out, input=module.encode())
    assert_one_error_line(proc, *fragments)
    assert not out.exists()


def test_known_cpu_and_features_are_accepted(tmp_path):
    module = 'target triple = "x86_64-pc-linux-gnu"\n' + FWD_MODULE
    proc = enzyme_opt("-", "--mcpu", "skylake", "--mattr", "+avx2,-fma", "--emit", "asm",
                      input=module.encode())
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    assert b"caller:" in proc.stdout


def test_llvm_warnings_about_the_input_name_the_file(tmp_path):
    """LLVM's warning when it drops debug info of an unknown version was
    'warning: … in <string>': now in enzyme-opt's form, naming the file."""
    text = ('define double @sq(double %x) !dbg !3 {\n  ret double %x, !dbg !4\n}\n'
            '!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!5}\n'
            '!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, '
            'emissionKind: FullDebug)\n!1 = !DIFile(filename: "f.c", directory: "/")\n'
            '!3 = distinct !DISubprogram(name: "sq", scope: !1, file: !1, line: 1, '
            'spFlags: DISPFlagDefinition, unit: !0)\n!4 = !DILocation(line: 1, scope: !3)\n'
            '!5 = !{i32 2, !"Debug Info Version", i32 0}\n')
    src = _write(tmp_path, "old.ll", text)
    proc = enzyme_opt(src, "-S", "-o", tmp_path / "out.ll")
    assert proc.returncode == 0
    assert proc.stderr.decode() == (f"enzyme-opt: warning: {src}: ignoring debug info with an "
                                    f"invalid version (0)\n")


def test_llvm_debug_info_chatter_is_one_warning_line(tmp_path):
    """Invalid debug info: LLVM prints the verifier's problem and the IR node,
    then 'warning: ignoring invalid debug info in <string>' (3 lines); it is
    one warning with its reason."""
    text = ('define double @sq(double %x) !dbg !3 {\n  ret double %x, !dbg !4\n}\n'
            '!llvm.dbg.u = !{!0}\n!llvm.module.flags = !{!5}\n'
            '!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, '
            'emissionKind: FullDebug)\n!1 = !DIFile(filename: "f.c", directory: "/")\n'
            '!3 = distinct !DISubprogram(name: "sq", scope: !1, file: !1, line: 1, '
            'spFlags: DISPFlagDefinition, unit: !0)\n!4 = !DILocation(line: 1, scope: !3)\n'
            '!5 = !{i32 2, !"Debug Info Version", i32 3}\n')
    proc = enzyme_opt("-", "-S", "-o", tmp_path / "out.ll", input=text.encode())
    err = proc.stderr.decode()
    assert proc.returncode == 0 and len(err.splitlines()) == 1, err
    assert err.startswith("enzyme-opt: warning: <stdin>: ignoring invalid debug info ("), err


def _unwritable_outputs(tmp_path: Path) -> dict[str, tuple[Path, list[str]]]:
    """Output paths that cannot be written, for root too, and what the error says."""
    _write(tmp_path, "plain", "a file\n")
    (tmp_path / "dir").mkdir()
    return {
        "missing-directory": (tmp_path / "nonexistent" / "x.ll", ["x.ll", "does not exist"]),
        "a-directory": (tmp_path / "dir", ["dir: cannot write the output: it is a directory"]),
        "under-a-file": (tmp_path / "plain" / "x.ll", ["x.ll", "is not a directory"]),
        "proc-file": (Path("/proc/version"), ["/proc/version: cannot write the output"]),
    }


@pytest.mark.parametrize("case", ["missing-directory", "a-directory", "under-a-file",
                                  "proc-file"])
@pytest.mark.parametrize("emit", [["-S"], []], ids=["text", "bitcode"])
def test_unwritable_output(tmp_path, case, emit):
    """One line naming the path and the reason, exit 1, nothing created."""
    out, fragments = _unwritable_outputs(tmp_path)[case]
    before = sorted(p.name for p in tmp_path.rglob("*"))
    proc = enzyme_opt("-", *emit, "-o", out, input=FWD_MODULE.encode(), cwd=tmp_path)
    assert_one_error_line(proc, "cannot write the output", *fragments)
    assert sorted(p.name for p in tmp_path.rglob("*")) == before, "files left behind"


def test_error_keeps_existing_output(tmp_path):
    """A failed run leaves a previous output file as it was (atomic write)."""
    out = _write(tmp_path, "out.ll", "previous contents\n")
    src = _write(tmp_path, "bad.ll", "this is not IR\n")
    proc = enzyme_opt(src, "-S", "-o", out)
    assert_one_error_line(proc, "bad.ll")
    assert out.read_text() == "previous contents\n"


@needs_clang
def test_error_names_source_line_with_debug_info(tmp_path):
    src = _write(tmp_path, "ind.c", """\
extern double __enzyme_autodiff(void *, ...);
extern int enzyme_const;
typedef double (*fn_t)(double);
double apply(fn_t f, double x) {
  return f(x * 2.0);
}
extern double sq(double x); /* its body is elsewhere: no table of derivatives */
double grad(double x) {
  return __enzyme_autodiff((void *)apply, enzyme_const, sq, x);
}
""")
    ir = subprocess.run([CLANG, "-g", "-O1", "-S", "-emit-llvm", str(src), "-o", "-"],
                        capture_output=True, check=True, cwd=tmp_path).stdout
    out = tmp_path / "out.ll"
    proc = enzyme_opt("-", "-S", "-o", out, input=ir, cwd=tmp_path)
    line = assert_one_error_line(proc, "ind.c:5, in function @apply:", "indirect call")
    assert "augmented_" not in line
    assert not out.exists()

    # An argument error points at the line of the Enzyme call.
    src.write_text(src.read_text().replace("enzyme_const, sq, x", "enzyme_const, sq"))
    ir = subprocess.run([CLANG, "-g", "-O1", "-S", "-emit-llvm", str(src), "-o", "-"],
                        capture_output=True, check=True, cwd=tmp_path).stdout
    proc = enzyme_opt("-", "-S", "-o", out, input=ir, cwd=tmp_path)
    assert_one_error_line(proc, "ind.c:9, in function @grad:", "too few arguments")
    assert not out.exists()


# --------------------------------------------------------------------------------------
# Output to a terminal

def _run_on_tty(*args, input: bytes):
    """Run with a pseudo-terminal as stdout; returns (returncode, stderr, tty output)."""
    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "enzyme_opt", *map(str, args)],
                                stdin=subprocess.PIPE, stdout=slave, stderr=subprocess.PIPE)
        os.close(slave)
        slave = None
        proc.stdin.write(input)
        proc.stdin.close()
        chunks = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:  # EIO: the child closed the terminal
                    break
                if not data:
                    break
                chunks.append(data)
            elif proc.poll() is not None:
                break
        stderr = proc.stderr.read()
        proc.stderr.close()
        returncode = proc.wait(timeout=60)
        return returncode, stderr, b"".join(chunks)
    finally:
        if slave is not None:
            os.close(slave)
        os.close(master)


FWD_MODULE = SQ + caller("call double (ptr, ...) @__enzyme_fwddiff(ptr @sq, double %x, double 1.0)")


@pytest.mark.parametrize("args", [[], ["--emit", "obj"]], ids=["bitcode", "object"])
def test_binary_output_to_terminal_refused(args):
    code, err, shown = _run_on_tty("-", *args, input=FWD_MODULE.encode())
    proc = subprocess.CompletedProcess([], code, stdout=None, stderr=err)
    assert_one_error_line(proc, "terminal")
    assert b"BC\xc0\xde" not in shown and b"\x7fELF" not in shown


def test_text_output_to_terminal_works():
    code, err, shown = _run_on_tty("-", "-S", input=FWD_MODULE.encode())
    assert code == 0, err
    assert err == b""
    text = shown.decode("utf-8", "replace")
    assert "define internal double @fwddiffesq(" in text
    assert "__enzyme_" not in text


def test_binary_output_to_file_or_pipe_works(tmp_path):
    proc = enzyme_opt("-", input=FWD_MODULE.encode())          # stdout is a pipe
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(b"BC\xc0\xde")
    out = tmp_path / "out.bc"
    proc = enzyme_opt("-", "-o", out, input=FWD_MODULE.encode())
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes().startswith(b"BC\xc0\xde")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.bc"], "temporary files left"


def test_output_to_fifo_writes_into_it(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        proc = enzyme_opt("-", "-S", "-o", fifo, input=FWD_MODULE.encode(), timeout=30)
        assert proc.returncode == 0, proc.stderr
        assert stat.S_ISFIFO(os.stat(fifo).st_mode), "the FIFO was replaced by a regular file"
        data = b""
        while True:
            try:
                chunk = os.read(reader, 65536)
            except BlockingIOError:
                break
            if not chunk:
                break
            data += chunk
        assert b"@fwddiffesq" in data
    finally:
        os.close(reader)


# --------------------------------------------------------------------------------------
# Pass-through, version, pipelines

PASSTHROUGH_MODULES = {
    "plain": SQ,
    "globals-attributes-metadata": """\
source_filename = "m.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.pair = type { double, i32 }

@g = internal global %struct.pair { double 1.5, i32 3 }, align 8
@.str = private unnamed_addr constant [4 x i8] c"%f\\0A\\00", align 1

define dso_local double @f(ptr nocapture noundef readonly %p, i32 %n) #0 {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  %v = load double, ptr %p, align 8, !tbaa !2
  %acc.next = fadd fast double %acc, %v
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  %gv = load double, ptr @g, align 8
  %s = fmul double %r, %gv
  ret double %s
}

declare i32 @printf(ptr, ...)

attributes #0 = { nounwind uwtable "frame-pointer"="none" }

!llvm.module.flags = !{!0}
!llvm.ident = !{!1}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{!"hand written"}
!2 = !{!3, !3, i64 0}
!3 = !{!"double", !4, i64 0}
!4 = !{!"omnipotent char", !5, i64 0}
!5 = !{!"Simple C/C++ TBAA"}
""",
}


def _canonical(text: str) -> str:
    import llvmlite.binding as llvm
    return str(llvm.parse_assembly(text, context=llvm.create_context()))


def _without_module_id(text: str) -> str:
    """The module without its name lines: like opt, enzyme-opt names a module
    that has no source_filename after its input file (llvmlite says <string>)."""
    return "".join(line for line in text.splitlines(True)
                   if not line.startswith(("; ModuleID", "source_filename")))


@pytest.mark.parametrize("name", sorted(PASSTHROUGH_MODULES))
def test_module_without_enzyme_calls_passes_through(tmp_path, name):
    text = PASSTHROUGH_MODULES[name]
    src = _write(tmp_path, "in.ll", text)
    proc = enzyme_opt(src, "-S")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    assert _without_module_id(proc.stdout.decode()) == _without_module_id(_canonical(text))
    if "source_filename" not in text:
        assert f'source_filename = "{src}"' in proc.stdout.decode()
    # Through stdin and bitcode as well: the same module comes back.
    proc = enzyme_opt("-", input=text.encode())
    assert proc.returncode == 0, proc.stderr
    import llvmlite.binding as llvm
    back = str(llvm.parse_bitcode(proc.stdout, context=llvm.create_context()))
    assert _without_module_id(back) == _without_module_id(_canonical(text))


@needs_clang
def test_clang_module_without_enzyme_calls_passes_through(tmp_path):
    src = _write(tmp_path, "p.c", "#include <math.h>\n"
                 "double f(double *x, int n) { double s = 0; for (int i = 0; i < n; i++)"
                 " s += sin(x[i]); return s; }\n")
    ir = subprocess.run([CLANG, "-O2", "-S", "-emit-llvm", str(src), "-o", "-"],
                        capture_output=True, check=True).stdout.decode()
    proc = enzyme_opt("-", "-S", input=ir.encode())
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode() == _canonical(ir)


def test_version():
    proc = enzyme_opt("--version")
    assert proc.returncode == 0
    out = proc.stdout.decode()
    assert out.startswith("enzyme-opt")
    assert "LLVM 22" in out
    assert len(out.splitlines()) == 1
    assert proc.stderr == b""


def test_help_mentions_the_options():
    proc = enzyme_opt("--help")
    assert proc.returncode == 0
    out = proc.stdout.decode()
    for option in ("-o", "-S", "-O", "--emit", "--version"):
        assert option in out


@needs_clang
def test_shell_pipeline_clang_enzyme_opt_llc(tmp_path):
    _required_tool("llc-22")
    _write(tmp_path, "x.c", """\
extern double __enzyme_autodiff(void *, ...);
extern double __enzyme_fwddiff(void *, ...);
extern int enzyme_const;
double f(double x, double y) { return x * x * y + y; }
double g(double x) { return __enzyme_autodiff((void *)f, x, enzyme_const, 3.0); }
double h(double x) { return __enzyme_fwddiff((void *)f, x, 1.0, 3.0, 0.0); }
""")
    exe = f"{sys.executable} -m enzyme_opt"
    script = (f"set -o pipefail; {CLANG} -O2 -S -emit-llvm x.c -o - | {exe} - -S "
              f"| {LLC} -o out.s")
    proc = subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
    asm = (tmp_path / "out.s").read_text()
    assert "diffef" in asm and "fwddiffef" in asm
    assert "__enzyme_" not in asm
    # Bitcode through the pipe works too.
    script = (f"set -o pipefail; {CLANG} -O2 -c -emit-llvm x.c -o - | {exe} - "
              f"| {LLC} -filetype=obj -o out.o")
    proc = subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
    assert (tmp_path / "out.o").read_bytes().startswith(b"\x7fELF")


def test_enzyme_spellings_are_taken_out():
    """Enzyme's opt-plugin words are dropped, tuning options ignored, the inactive files
    collected (both `=F` and `F` as the next word), everything else left to click."""
    import click
    import pytest
    from enzyme_opt.cli import IGNORED_ENZYME_OPTIONS, enzyme_flags
    args = ["-load-pass-plugin=/x/LLVMEnzyme-22.so", "-passes=enzyme", "-enzyme", "f.ll",
            "-enzyme-inline=1", "--enzyme-preopt=0", "-enzyme-load-inactive-file=a.list",
            "--enzyme-load-inactive-file", "b.list", "-S"]
    assert enzyme_flags(args) == (["f.ll", "-S"], ["a.list", "b.list"], frozenset())
    leaf = "enzyme-vectorize-at-leaf-nodes"
    assert enzyme_flags(["-enzyme-vectorize-at-leaf-nodes", "f.ll"])[2] == {leaf}
    assert enzyme_flags(["--enzyme-vectorize-at-leaf-nodes=true"])[2] == {leaf}
    assert enzyme_flags(["-enzyme-vectorize-at-leaf-nodes", "-enzyme-vectorize-at-leaf-nodes=0"])[2] \
        == frozenset()
    assert "enzyme-load-inactive-file" not in IGNORED_ENZYME_OPTIONS
    for refused in (["-enzyme-runtime-activity"], ["--enzyme-strong-zero=1"],
                    ["-enzyme-globals-default-inactive"], ["-passes=sroa"],
                    ["-enzyme-load-inactive-file="], ["-enzyme-vectorize-at-leaf-nodes=maybe"]):
        with pytest.raises(click.UsageError):
            enzyme_flags(refused)
