"""The ``enzyme-opt`` command: an opt-like stage that lowers Enzyme calls."""

from __future__ import annotations

import atexit
import gc
import os
import shlex
import sys
import tempfile
from pathlib import Path

import click

from enzyme_opt import __version__
from enzyme_opt.diagnostics import EnzymeOptError, InputError, OutputError, ParseError, UsageError

EXAMPLES = """\b
Examples (f.c with a main, as in README.md; -g: errors name source lines):
  clang-22 -O2 -g -S -emit-llvm f.c -o - | enzyme-opt - -S -o f.grad.ll
  clang-22 f.grad.ll -lm -o f && ./f
  clang-22 -O2 -g -S -emit-llvm f.c -o f.ll
  enzyme-opt f.ll -O2 -o f.grad.bc
  enzyme-opt f.ll --emit obj -o f.o && clang-22 f.o -lm -o f
  enzyme-opt --print-requests f.ll
  enzyme-opt k.ll -O2 --emit asm --mcpu sm_90 -o k.ptx     (CUDA device code to PTX)
"""


class OneLineUsageError(click.UsageError):
    """A usage error in one line, as LLVM's tools write theirs (exit 2):
    ``enzyme-opt: error: -O4: not an optimization level; use -O0, -O1, -O2 or -O3``."""

    def show(self, file=None) -> None:
        click.echo(f"enzyme-opt: error: {self.message}", file=file, err=file is None)


class Command(click.Command):
    """The command, with click's three-line usage errors made one line, and
    Enzyme's own spellings (``-enzyme-*``, the plugin's ``-passes=enzyme``)
    taken out first (``enzyme_flags``)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            args, ctx.meta["enzyme_inactive_files"], ctx.meta["enzyme_switches"] = \
                enzyme_flags(args)
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            raise OneLineUsageError(_usage_message(exc, self), ctx) from None


#: Enzyme's ``opt`` plugin options that change results and that enzyme-opt honours:
#: ``-enzyme-load-inactive-file=F`` (repeatable) names, one a line, functions whose
#: calls carry no derivative, as if each had ``__attribute__((enzyme_inactive))``.
#: ``-enzyme-vectorize-at-leaf-nodes`` (a switch, also ``=true``/``=1``; ``=false``/``=0``
#: turns it off): at ``enzyme_width`` N each duplicated argument takes one shadow holding
#: every lane, each float's N tangents side by side (``ad/modes/forward_leaf.py``).
HONOURED_ENZYME_OPTIONS = ("enzyme-load-inactive-file",)
HONOURED_ENZYME_SWITCHES = ("enzyme-vectorize-at-leaf-nodes",)
#: Enzyme's options that only tune its internals (inlining, its own pre- and
#: post-optimization, caching, type analysis limits, printing): the derivatives
#: are the same without them, so they are accepted and ignored.
IGNORED_ENZYME_OPTIONS = (
    "enzyme-inline", "enzyme-inline-count", "enzyme-preopt", "enzyme-postopt",
    "enzyme-lower-globals", "enzyme-coalese", "enzyme-loose-types", "enzyme-attributor",
    "enzyme-cache-always", "enzyme-max-cache", "enzyme-smallbool", "enzyme-select-opt",
    "enzyme-phi-restructure", "enzyme-aggressive-aa", "enzyme-max-type-offset",
    "enzyme-max-type-depth", "enzyme-max-int-offset", "enzyme-print", "enzyme-print-activity",
    "enzyme-print-type", "enzyme-print-perf", "enzyme-print-fpopt", "enzyme-print-herbie",
    "enzyme-print-tlen", "enzyme-print-unnecessary", "enzyme-detect-readthrow",
    "enzyme-rust-type", "enzyme-strict-aliasing", "enzyme-fast-math", "enzyme-dump-passes",
    "enzyme-omp-opt", "enzyme-new-cache", "enzyme-mincut-cache", "enzyme-loop-invariant-cache",
    "enzyme-auto-sparsity", "enzyme-preserve-nvvm",
    "enzyme-nonmarked-globals-inactive-loads",
)
#: ``opt``'s words for loading and running Enzyme's plugin: enzyme-opt is that pass
_PLUGIN_WORDS = ("-load=", "--load=", "-load-pass-plugin=", "--load-pass-plugin=")


def enzyme_flags(args: list[str]) -> tuple[list[str], list[str], frozenset[str]]:
    """``args`` without Enzyme's spellings, the files of
    ``-enzyme-load-inactive-file``, and the honoured switches that are on.  An ``-enzyme-*`` option that changes results
    and is not honoured (``-enzyme-runtime-activity``, ``-enzyme-strong-zero``,
    ``-enzyme-globals-default-inactive`` …) is refused: ignoring it would give
    other numbers than Enzyme's."""
    kept: list[str] = []
    files: list[str] = []
    switches: set[str] = set()
    it = iter(args)
    for arg in it:
        if arg == "--":
            kept.append(arg)
            kept.extend(it)
            break
        if arg.startswith(_PLUGIN_WORDS) or arg in ("-enzyme", "--enzyme"):
            continue
        if arg.startswith(("-passes=", "--passes=")):
            passes = arg.split("=", 1)[1]
            if "enzyme" not in passes.replace("(", ",").replace(")", ",").split(","):
                raise click.UsageError(f"{arg}: enzyme-opt runs the enzyme pass only; "
                                       f"'-passes=enzyme' (or leave it out)")
            continue
        if not arg.startswith(("-enzyme-", "--enzyme-")):
            kept.append(arg)
            continue
        name, has_value, value = arg.lstrip("-").partition("=")
        if name in HONOURED_ENZYME_OPTIONS:
            if not has_value:
                value = next(it, "")
            if not value:
                raise click.UsageError(f"-{name} needs a file: -{name}=FILE")
            files.append(value)
        elif name in HONOURED_ENZYME_SWITCHES:
            if value.lower() not in ("", "true", "1", "false", "0"):
                raise click.UsageError(f"-{name}={value}: expected true or false")
            if value.lower() in ("false", "0"):
                switches.discard(name)
            else:
                switches.add(name)
        elif name not in IGNORED_ENZYME_OPTIONS:
            raise click.UsageError(
                f"-{name}: this option of Enzyme's is not supported by enzyme-opt (it would "
                f"change the derivatives); docs/pipeline.md lists the -enzyme-* options "
                f"enzyme-opt honours and those it ignores")
    return kept, files, frozenset(switches)


def _inactive_functions(files: list[str]) -> tuple[str, ...]:
    """The function names in ``-enzyme-load-inactive-file`` files, one a line."""
    names: list[str] = []
    for path in files:
        try:
            with open(path, encoding="utf-8") as handle:
                names += [line.strip() for line in handle if line.strip()]
        except OSError as exc:
            raise InputError(f"cannot read the -enzyme-load-inactive-file: {exc.strerror}",
                             path) from None
    return tuple(names)


def _usage_message(exc: click.UsageError, command: click.Command) -> str:
    if isinstance(exc, click.NoSuchOption):
        close = sorted(exc.possibilities or ())
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        return f"unknown option {exc.option_name}{hint}; 'enzyme-opt --help' lists the options"
    if isinstance(exc, click.BadParameter) and isinstance(exc.param, click.Option) \
            and isinstance(exc.param.type, OneOf):
        return exc.message
    message = exc.format_message().rstrip(".")
    if isinstance(exc, click.BadOptionUsage):
        param = next((p for p in command.params if exc.option_name in p.opts), None)
        if param is not None and isinstance(param.type, OneOf):
            return f"{exc.option_name} needs a value: {param.type.listed()}"
    if message.startswith("Got unexpected extra argument"):
        extra = message[message.find("(") + 1:message.rfind(")")]
        return (f"unexpected argument {extra}: enzyme-opt reads one input "
                f"('enzyme-opt --help' lists the options)")
    return message[:1].lower() + message[1:]


class OneOf(click.ParamType):
    """A value from a list, refused in one line that lists them all:
    ``--emit bc: not an output kind; use --emit llvm, --emit asm or --emit obj``."""

    def __init__(self, option: str, what: str, values: list[str], joined: bool = False,
                 convert=str, note: str = ""):
        self.option, self.what, self.values = option, what, values
        self.joined, self.convert_value, self.note = joined, convert, note
        self.name = "|".join(values)

    def spell(self, value: str) -> str:
        return f"{self.option}{value}" if self.joined else f"{self.option} {value}"

    def convert(self, value, param, ctx):
        if not isinstance(value, str):
            return value
        if value not in self.values:
            self.fail(f"{self.spell(value)}: not {self.what}; {self.listed()}", param, ctx)
        return self.convert_value(value)

    def listed(self) -> str:
        choices = [self.spell(v) for v in self.values]
        return f"use {', '.join(choices[:-1])} or {choices[-1]}{self.note}"


@click.command(cls=Command, epilog=EXAMPLES,
               context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("input", default="-", metavar="[INPUT|-]")
@click.option("-o", "output", default="-", metavar="OUTPUT",
              help="Output file; '-' (the default): standard output.")
@click.option("-S", "text", is_flag=True,
              help="Write textual IR instead of bitcode (bitcode is refused on a terminal).")
@click.option("-O", "opt_level", default=None, metavar="N",
              type=OneOf("-O", "an optimization level", ["0", "1", "2", "3"], joined=True,
                         convert=int),
              help="Run LLVM's -O<N> pipeline after differentiation: -O0, -O1, -O2 or -O3 "
                   "(default: none).")
@click.option("--emit", default="llvm", metavar="llvm|asm|obj",
              type=OneOf("--emit", "an output kind", ["llvm", "asm", "obj"],
                         note=" (bitcode is --emit llvm without -S)"),
              help="Output kind: LLVM IR (default; bitcode unless -S), assembly (PTX for "
                   "nvptx64) or object.")
@click.option("--mcpu", "cpu", default=None, metavar="CPU",
              help="Target CPU for --emit asm|obj and -O (sm_90 for PTX); default: the "
                   "module's \"target-cpu\".")
@click.option("--mattr", "features", default=None, metavar="FEATURES",
              help="Target features (+ptx86,…); default: the module's \"target-features\".")
@click.option("--libdevice", default=None, metavar="PATH",
              help="libdevice.10.bc to link into nvptx64 output that calls it; default: the "
                   "first found under $CUDA_HOME, $CUDA_PATH, /usr/local/cuda, "
                   "/usr/lib/nvidia-cuda-toolkit, /usr/lib/cuda, /opt/cuda.")
@click.option("--no-reuse", "no_reuse", is_flag=True,
              help="Conservative reverse mode: the reverse sweep takes every primal value "
                   "from the tape (re-reads no memory, recomputes nothing). Slower; the "
                   "reference the default is tested against.")
@click.option("--print-requests", is_flag=True,
              help="Show each __enzyme_* call site and its argument classes; write nothing.")
@click.option("--print-activity", is_flag=True,
              help="Show type class and activity of each value of the differentiated "
                   "functions (and why, for calls); write nothing.")
@click.option("--debug", is_flag=True, help="Show Python tracebacks for errors.")
@click.option("--version", is_flag=True, is_eager=True, expose_value=False,
              callback=lambda ctx, param, value: _print_version(ctx, value),
              help="Show the version of enzyme-opt and of the LLVM inside llvmlite.")
@click.option("--clang-flags", is_flag=True, is_eager=True, expose_value=False,
              callback=lambda ctx, param, value: _print_clang_flags(ctx, value),
              help="Print the clang options that give the attributes of Enzyme's clang "
                   "plugin (__attribute__((enzyme_inactive)), enzyme_function_like, "
                   "enzyme_shadow, ...) their meaning: clang $(enzyme-opt --clang-flags) ...")
def main(input, output, text, opt_level, emit, cpu, features, libdevice, no_reuse,
         print_requests, print_activity, debug):
    """Replace Enzyme's __enzyme_* calls in LLVM IR with synthesized derivatives.

    INPUT is a .ll or .bc file, or '-' for standard input (the default).  The output is
    bitcode on standard output unless -S, -o or --emit say otherwise.
    """
    _leave_memory_to_the_os()
    data = b""
    try:
        data = _read(input)
        if not (print_requests or print_activity):
            _check_output(output)
        name = "<stdin>" if input == "-" else input
        if print_requests or print_activity:
            from enzyme_opt.report import print_report
            print_report(data, name, requests=print_requests, activity=print_activity,
                         vectorize_at_leaf_nodes="enzyme-vectorize-at-leaf-nodes"
                         in click.get_current_context().meta["enzyme_switches"])
            return
        if text and emit == "obj":
            raise UsageError("-S (text output) conflicts with --emit obj")
        kind = emit if emit != "llvm" else ("llvm" if text else "bc")
        if kind in ("bc", "obj") and output == "-" and sys.stdout.isatty():
            raise UsageError("refusing to write binary output to a terminal; "
                             "use -S for text or -o FILE")
        from enzyme_opt.driver import Options, run
        inactive = _inactive_functions(click.get_current_context().meta["enzyme_inactive_files"])
        result = run(data, name, Options(opt_level=opt_level, emit=kind, cpu=cpu,
                                         features=features, libdevice=libdevice,
                                         reuse=not no_reuse, inactive_functions=inactive,
                                         vectorize_at_leaf_nodes="enzyme-vectorize-at-leaf-nodes"
                                         in click.get_current_context().meta["enzyme_switches"],
                                         process_ends=True))
        _write_atomically(output, result)
    except EnzymeOptError as exc:
        if debug:
            raise
        if isinstance(exc, ParseError) or exc.message.startswith("not LLVM IR"):
            exc = _source_code_error(input, data) or exc
        click.echo(exc.render(), err=True)
        sys.exit(1)
    except RecursionError:
        if debug:
            raise
        click.echo("enzyme-opt: error: the input nests too deeply to process", err=True)
        sys.exit(1)


def _leave_memory_to_the_os() -> None:
    """This process compiles one module and ends: its IR is a graph of
    millions of small objects in reference cycles, which Python's collector
    would trace once more when the compilation ends and again when the
    interpreter shuts down (half a second on a big module).  So the
    collector stays off (``ir/collector.py``: nothing in the IR is garbage
    while it is used), and everything is frozen at exit (frozen objects are
    never traced), leaving the memory to the operating system, as compilers
    do (clang's -disable-free)."""
    gc.disable()
    atexit.register(gc.freeze)


def _print_version(ctx: click.Context, requested: bool) -> None:
    """``--version``: ours and LLVM's (llvmlite is only loaded when asked)."""
    if not requested or ctx.resilient_parsing:
        return
    from enzyme_opt.llvm import llvm_version
    click.echo(f"enzyme-opt {__version__} (LLVM {llvm_version()} via llvmlite)")
    ctx.exit()


def _print_clang_flags(ctx: click.Context, requested: bool) -> None:
    """``--clang-flags``: force-include our header of the plugin's attributes, each one
    turned into clang's ``annotate`` (``enzyme_opt/include/enzyme_attributes.h``)."""
    if not requested or ctx.resilient_parsing:
        return
    header = Path(__file__).parent / "include" / "enzyme_attributes.h"
    click.echo(shlex.join(["-include", str(header)]))
    ctx.exit()


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except IsADirectoryError:
        raise InputError("cannot read the input: it is a directory", path) from None
    except OSError as exc:
        raise InputError(f"cannot read the input: {exc.strerror}", path) from None


#: what clang-22 makes LLVM IR of, by the suffix of a source file
SOURCE_COMMANDS = {
    ".c": ("C", "clang-22 -O2 -g -S -emit-llvm {src} -o {ll}"),
    ".cc": ("C++", "clang++-22 -O2 -g -S -emit-llvm {src} -o {ll}"),
    ".cpp": ("C++", "clang++-22 -O2 -g -S -emit-llvm {src} -o {ll}"),
    ".cxx": ("C++", "clang++-22 -O2 -g -S -emit-llvm {src} -o {ll}"),
    ".C": ("C++", "clang++-22 -O2 -g -S -emit-llvm {src} -o {ll}"),
    ".cu": ("CUDA", "clang-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudalib "
                    "-O2 -g -S -emit-llvm {src} -o {ll}"),
    ".hip": ("HIP", "clang-22 -x hip --cuda-device-only --offload-arch=gfx90a -nogpuinc "
                    "-nogpulib -O2 -g -S -emit-llvm {src} -o {ll}"),
}


def _source_code_error(path: str, data: bytes) -> InputError | None:
    """A C, C++ or CUDA source given instead of IR (LLVM says "expected
    top-level entity"): say so, with the clang-22 command that makes IR of
    it.  Known by the file's suffix, or on standard input by a first line
    no IR starts with (``#include``, a ``//`` or ``/*`` comment)."""
    stem, suffix = os.path.splitext(path)
    if suffix in SOURCE_COMMANDS:
        language, command = SOURCE_COMMANDS[suffix]
        ll = os.path.basename(stem) + ".ll"
        return InputError(f"this is {language} source, not LLVM IR: make IR of it first "
                          f"('{command.format(src=path, ll=ll)}'), then give enzyme-opt {ll}",
                          path)
    first = data.lstrip()[:16]
    if path == "-" and first.startswith((b"#", b"//", b"/*")):
        return InputError("this looks like C or C++ source, not LLVM IR: make IR of it first, "
                          "e.g. 'clang-22 -O2 -g -S -emit-llvm f.c -o - | enzyme-opt - -S'",
                          "<stdin>")
    return None


def _check_output(path: str) -> None:
    """Refuse an output path that cannot be written before any work is
    done: its directory missing (or a file), the path a directory."""
    if path == "-":
        return
    if os.path.isdir(path):
        raise OutputError("cannot write the output: it is a directory", path)
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        why = "is not a directory" if os.path.exists(directory) else "does not exist"
        raise OutputError(f"cannot write the output: the directory {directory} {why}", path)


def _write_atomically(path: str, data: bytes) -> None:
    """Write through a temporary file renamed into place: an error never
    leaves a partial output file behind."""
    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    _check_output(path)
    try:
        if os.path.exists(path) and not os.path.isfile(path):
            with open(path, "wb") as handle:  # /dev/null, a FIFO, /dev/stdout: never replace
                handle.write(data)
            return
    except OSError as exc:
        raise OutputError(f"cannot write the output: {exc.strerror}", path) from None
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".enzyme-opt-", dir=directory)
    except OSError as exc:
        raise OutputError(f"cannot write the output: cannot create a file in {directory}: "
                          f"{exc.strerror}", path) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError as exc:
        raise OutputError(f"cannot write the output: {exc.strerror}", path) from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
