"""Enzyme's lit RUN lines, read and rewritten for enzyme-opt.

Enzyme's integration tests (enzyme/test/Integration in EnzymeAD/Enzyme) say how to run them in
`// RUN:` lines that lit expands with the substitutions of Enzyme's lit.site.cfg.py.in. This
module reads those lines and expands them the way a new user of enzyme-opt would run the same
test: wherever Enzyme loads its `opt` plugin, enzyme-opt runs instead, and wherever it loads its
clang plugin, the clang output is piped through enzyme-opt (`plugin_flow`, the one place to
change when enzyme-opt grows a flag for that flow). Everything else is lit's job done by hand:
`%s`, `%t`, the tool names, `%llvmver`.

Only text is handled here (tests/unit/peer tests it on inline strings); run.py executes.
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

LLVM_VERSION = "22"

# Enzyme's lit.site.cfg.py.in, for LLVM >= 16: what each plugin substitution expands to is
# dropped here (the plugin is enzyme-opt), so only their names matter.
OPT_PLUGIN = ("%OPloadEnzyme", "%OPnewLoadEnzyme", "%loadEnzyme", "%newLoadEnzyme")
CLANG_PLUGIN = ("%loadClangEnzyme", "%newLoadClangEnzyme")
# Plain substitutions, longest first so that %clang++ is not read as %clang followed by "++".
PLAIN = (
    ("%clang++", "clang++-22"), ("%clangxx", "clang++-22"), ("%clang", "clang-22"),
    ("%O0TBAA", "-O1 -Xclang -disable-llvm-passes"),
    # Enzyme's %lli for LLVM >= 13 is MCJIT, which links every symbol before running.
    ("%FileCheck", "FileCheck-22"), ("%lli", "lli-22 --jit-kind=mcjit"), ("%opt", "opt-22"),
    ("%llvmver", LLVM_VERSION), ("%simplifycfg", "simplifycfg"), ("%loopmssa", "loop-mssa"),
    ("%shlibext", ".so"),
)
# Bare tool names in RUN lines (lit finds them on its PATH).
BARE_TOOLS = {"FileCheck": "FileCheck-22", "opt": "opt-22", "lli": "lli-22", "clang": "clang-22",
              "clang++": "clang++-22", "llvm-link": "llvm-link-22", "llc": "llc-22"}
# Flags of Enzyme's opt plugin and pass pipeline that enzyme-opt has no use for.
OPT_DROP = re.compile(r"^(-?-enzyme.*|-passes=.*|--?enable-new-pm.*|-load(-pass-plugin)?=.*"
                      r"|-opaque-pointers=.*|-(mem2reg|instsimplify|simplifycfg|sroa|early-cse"
                      r"|adce|dce|gvn|instcombine|correlated-propagation|loop-simplify"
                      r"|lcssa|S)$)")
# Enzyme options whose effect a RUN line checks and enzyme-opt has no counterpart for: such
# a RUN line is skipped (it would fail for a reason that says nothing about derivatives).
ENZYME_ONLY = re.compile(r"--?enzyme-(print|lto-prelink|truncate"
                         r"|detect-readthrow|runtime-activity|separate-compilation"
                         r"|export-derivatives)[\w-]*")
GUARD = re.compile(r"^\s*if \[ (\d+) -(ge|gt|le|lt|eq|ne) (\d+) \]\s*;")
KNOWN = {k for k, _ in PLAIN} | set(OPT_PLUGIN) | set(CLANG_PLUGIN) | {
    "%enzyme", "%enzyme_include", "%s", "%S", "%t", "%T"}
REDIRECTION = re.compile(r"\d*>&\d+|&>\S+|\d*>>?\S+")
SEPARATORS = re.compile(r"(\|\||&&|\||;)")
LEVEL = re.compile(r"(?:^|\s)-O([0-3sz])\b")


@dataclass
class RunLine:
    number: int          # line of the file where the RUN line starts (1-based)
    text: str            # as written, continuations joined
    command: str = ""    # expanded for enzyme-opt (bash)
    level: str = "?"     # optimization level of the compile, O0..O3
    verify: bool = False  # -Xclang -verify: the test expects diagnostics, not a program
    skip: str = ""       # why this RUN line is not run ("" when it is)
    notes: list[str] = field(default_factory=list)


def parse_run_lines(text: str) -> list[RunLine]:
    """The RUN lines of a test file, `\\` continuations joined, comment markers removed.
    `COM:`/`TODO:` lines and RUN lines that are themselves commented out are not RUN lines."""
    runs: list[RunLine] = []
    pending: RunLine | None = None
    for number, line in enumerate(text.splitlines(), 1):
        m = re.match(r"^\s*(?://|;|#|!)+\s*RUN:(.*)$", line)
        if not m:
            if pending is not None:       # a continuation that never came: keep what we have
                runs.append(pending)
                pending = None
            continue
        body = m.group(1).strip()
        cont = body.endswith("\\")
        body = body[:-1].rstrip() if cont else body
        if pending is None:
            pending = RunLine(number, body)
        else:
            pending.text += " " + body
        if not cont:
            runs.append(pending)
            pending = None
    if pending is not None:
        runs.append(pending)
    return runs


def directives(text: str) -> dict[str, list[str]]:
    """XFAIL, UNSUPPORTED and REQUIRES lines: {name: [values]}."""
    found: dict[str, list[str]] = {}
    for m in re.finditer(r"^\s*(?://|;|#)+\s*(XFAIL|UNSUPPORTED|REQUIRES):(.*)$", text, re.M):
        found.setdefault(m.group(1), []).append(m.group(2).strip())
    return found


def level_of(command: str) -> str:
    """The optimization level of a RUN line: its first -O flag (clang's default -O0 if none)."""
    if "%O0TBAA" in command:
        return "O0TBAA"
    m = LEVEL.search(command)
    return f"O{m.group(1)}" if m else "O0"


def split_segments(command: str) -> list[str]:
    """The command split at top-level `|`, `||`, `&&`, `;` (outside quotes); separators are
    kept as their own items so that joining the list gives the command back."""
    out, buf, quote, i = [], "", "", 0
    while i < len(command):
        ch = command[i]
        if quote:
            buf += ch
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote, buf = ch, buf + ch
        else:
            m = SEPARATORS.match(command, i)
            # `>&` / `2>&1` and `|&` are redirections, not separators.
            if m and not (m.group(0) == "&&" and buf.endswith(">")):
                out.extend([buf, m.group(0)])
                buf = ""
                i += len(m.group(0))
                continue
            buf += ch
        i += 1
    out.append(buf)
    return out


def enzyme_opt_segment(words: list[str], tools: dict[str, str]) -> str:
    """`%opt <input> <plugin> %enzyme [flags] [-S] [-o out]` as an enzyme-opt command: the
    input, -o and -S and -O N are kept, and Enzyme's `-enzyme-*` options, which enzyme-opt
    accepts (cli.py: honoured or ignored, the rest refused); every plugin or pass flag is
    dropped, and `-enzyme-inline*` too, so that such a line takes its twin's result."""
    kept: list[str] = [tools["enzyme-opt"]]
    text_out, level = False, None
    args = iter(words[1:])
    inputs: list[str] = []
    for w in args:
        if w in OPT_PLUGIN or w == "%enzyme":
            continue
        if w == "-S":
            text_out = True
        elif w == "-o":
            kept += ["-o", next(args, "-")]
        elif re.fullmatch(r"-O[0-3]", w):
            level = w[2]
        elif w in ("<",):
            inputs.append(next(args, "-"))
        elif re.match(r"--?enzyme-", w) and not re.match(r"--?enzyme-inline", w):
            kept.append(w)                            # Enzyme's options: enzyme-opt's cli.py
        elif w.startswith("-") and w != "-":
            continue                                  # -passes=..., -mem2reg, -enzyme-inline...
        else:
            inputs.append(w)
    if level is not None:
        kept += ["-O", level]
    kept.append(inputs[0] if inputs else "-")
    if text_out:
        kept.append("-S")
    return " ".join(shlex.quote(w) if w != "-" else w for w in kept)


def drop_enzyme_mllvm(words: list[str]) -> list[str]:
    """clang arguments without the clang plugin and `-mllvm -enzyme-*` options."""
    out: list[str] = []
    it = iter(words)
    for w in it:
        if w in CLANG_PLUGIN:
            continue
        if w == "-mllvm":
            nxt = next(it, "")
            if nxt.startswith("-enzyme"):
                continue
            out += [w, nxt]
            continue
        if w == "-Rpass=enzyme":
            continue
        out.append(w)
    return out


# How a clang command that loaded Enzyme's clang plugin is run (run.py --plugin-flow):
#   disable-llvm-passes  clang -O<n> -Xclang -disable-llvm-passes | enzyme-opt -O<n> | clang,
#                        the default and docs/pipeline.md's "Like Enzyme's clang plugin": the
#                        functions the program told Enzyme about (registered derivatives,
#                        inactive, function-like) reach enzyme-opt before any inlining, as
#                        they reach Enzyme's plugin, and enzyme-opt's -O<n> optimizes
#   optimized            clang -O<n> -S -emit-llvm | enzyme-opt -O<n> | clang: README.md's
#                        plain flow; clang may have inlined a function with a registered
#                        derivative before enzyme-opt sees its call
PLUGIN_FLOWS = ("disable-llvm-passes", "optimized")
PLUGIN_FLOW = "disable-llvm-passes"


#: `-mllvm -enzyme-*` options of a clang-plugin command that change results and that
#: enzyme-opt honours: they go to enzyme-opt (the others are dropped with the plugin)
HONOURED_MLLVM = ("-enzyme-vectorize-at-leaf-nodes",)


def honoured_enzyme_mllvm(words: list[str]) -> list[str]:
    """The `-mllvm -enzyme-*` options enzyme-opt honours, as its own arguments."""
    return [nxt for w, nxt in zip(words, words[1:])
            if w == "-mllvm" and nxt.split("=", 1)[0] in HONOURED_MLLVM]


def plugin_flow(words: list[str], tools: dict[str, str], flow: str | None = None) -> str:
    """A clang command that loaded Enzyme's clang plugin, as clang | enzyme-opt [| clang].

    clang writes IR, enzyme-opt differentiates it and runs the -O<n> pipeline; when the
    original command wanted an object, assembly or a program, clang finishes the job from
    enzyme-opt's IR. One function, so that a `--plugin-flow` flag of enzyme-opt can replace
    the stages in one place."""
    flow = flow or PLUGIN_FLOW
    honoured = honoured_enzyme_mllvm(words)
    words = drop_enzyme_mllvm(words)
    cc, args = words[0], words[1:]
    level, output, emit_llvm, mode = "0", "a.out", False, "link"
    front: list[str] = []     # compile options for the first clang
    back: list[str] = []      # options the final clang needs (link libraries, -fopenmp)
    it = iter(args)
    for w in it:
        if re.fullmatch(r"-O[0-3sz]", w):
            level = w[2] if w[2] in "0123" else "2"
            front.append(w)
        elif w == "-o":
            output = next(it, "-")
        elif w == "-emit-llvm":
            emit_llvm = True
        elif w in ("-S", "-c"):
            mode = w
        elif w.startswith(("-l", "-L", "-Wl,")):
            back.append(w)
        elif w in ("-fopenmp", "-pthread"):       # both compiling and linking need these
            back.append(w)
            front.append(w)
        else:
            front.append(w)
    unopt = ["-Xclang", "-disable-llvm-passes"] if flow == "disable-llvm-passes" else []
    first = [cc, *front, *unopt, "-S", "-emit-llvm", "-o", "-"]
    middle = [tools["enzyme-opt"], *honoured, "-O", level, "-"]
    # the plugin's attributes (enzyme_inactive, …) as clang's annotate: docs/abi.md
    plugin_attributes = f"$({shlex.quote(tools['enzyme-opt'])} --clang-flags)"
    stages = [f"{shlex.quote(cc)} {plugin_attributes} {shlex.join(first[1:])}"]
    if emit_llvm:                      # the command wanted IR: enzyme-opt's is the result
        middle += (["-S"] if mode == "-S" else []) + ["-o", output]
        stages.append(shlex.join(middle))
    else:
        stages.append(shlex.join(middle))
        last = [cc, f"-O{level}", "-x", "ir", "-"] + ([mode] if mode != "link" else [])
        stages.append(shlex.join(last + ["-o", output, *back]))
    return " | ".join(stages)


def expand(run: RunLine, source: str, tmp: str, tools: dict[str, str],
           include: list[str]) -> RunLine:
    """Fill in run.command, run.level and run.verify: the RUN line as a bash command.

    source is the test file, tmp a scratch directory (%t, and %s.out-style outputs go there
    rather than next to the source), include the -I options added to every clang."""
    text = run.text
    run.level = level_of(text)
    unknown = sorted(set(re.findall(r"%[A-Za-z_]\w*", text)) - KNOWN)
    guard = GUARD.match(text.replace("%llvmver", LLVM_VERSION))
    if guard and not _holds(*guard.groups()):
        run.skip = f"its LLVM version guard is false for LLVM {LLVM_VERSION} (lit runs nothing)"
    elif unknown:
        run.skip = f"substitution {', '.join(unknown)} is not Enzyme's lit.site.cfg one we map"
    elif "-flto" in text and any(k in text for k in CLANG_PLUGIN):
        run.skip = "Enzyme's LTO pre-link/post-link pipeline (the plugin's pass placement)"
    elif ENZYME_ONLY.search(text):
        run.skip = f"Enzyme-only option {ENZYME_ONLY.search(text).group(0)} (no enzyme-opt " \
                   "counterpart; its effect is what the line checks)"
    run.verify = bool(re.search(r"-Xclang\s+-verify\b", text))
    if run.verify:
        text = re.sub(r"\s*-Xclang\s+-verify\b", "", text)
    # Substitutions that stand for several words or for a number go in before the split.
    for key in ("%O0TBAA", "%llvmver"):
        text = text.replace(key, dict(PLAIN)[key])
    # Enzyme's include directory (enzyme/include): the first -I directory given.
    text = text.replace("%enzyme_include", include[0][2:] if include else "/tmp/enzyme-include")
    pieces = []
    for seg in split_segments(text):
        if seg in ("|", "||", "&&", ";"):
            pieces.append(seg)
            continue
        pieces.append(expand_segment(seg, tools, include, run))
    command = "".join(p if p in ("|", "||", "&&", ";") else f" {p.strip()} " for p in pieces)
    command = re.sub(r"%s\.(\w+)", lambda m: f"{tmp}/{_base(source)}.{m.group(1)}", command)
    command = command.replace("%s", shlex.quote(source)).replace("%S", shlex.quote(_dir(source)))
    command = command.replace("%t", f"{tmp}/t").replace("%T", tmp)
    run.command = re.sub(r"\s+", " ", command).strip()
    return run


def expand_segment(seg: str, tools: dict[str, str], include: list[str], run: RunLine) -> str:
    """One pipeline stage: an opt with Enzyme's plugin becomes enzyme-opt, a clang with the
    clang plugin becomes plugin_flow, anything else gets plain substitutions."""
    lead = re.match(r"^(\s*(?:if\s+\[.*?\]\s*)?(?:then\s+|else\s+|!\s+)?(?:not\s+)?)(.*)$",
                    seg, re.S)
    prefix, body = _plain(lead.group(1)), lead.group(2)
    negated = bool(re.search(r"\bnot\s+$", prefix))
    prefix = re.sub(r"\bnot\s+$", tools.get("not", "not") + " ", prefix)
    try:
        words = shlex.split(body)
    except ValueError:
        words = []
    # Redirections of a rewritten stage apply to all the stages it becomes: `{ ...; } 2>&1`.
    redirs = [w for w in words if REDIRECTION.fullmatch(w)]
    words = [w for w in words if not REDIRECTION.fullmatch(w)]

    def group(cmd: str) -> str:
        if redirs:
            cmd = f"{{ {cmd}; }} {' '.join(redirs)}"
        # `not` runs one program: a stage that became a pipeline runs under one bash.
        if negated and (redirs or "|" in cmd):
            cmd = "bash -o pipefail -c " + shlex.quote(cmd)
        return cmd

    if words and words[0] == "%opt" and any(w in OPT_PLUGIN or w == "%enzyme" for w in words):
        return prefix + group(enzyme_opt_segment(words, tools))
    if words and words[0].startswith("%clang"):
        words[0] = _plain(words[0])
        words[1:1] = include
        if any(w in CLANG_PLUGIN for w in words):
            return prefix + group(plugin_flow([_plain(w) for w in words], tools))
        return prefix + group(shlex.join(_plain(w) for w in drop_enzyme_mllvm(words)))
    names = {**BARE_TOOLS, "not": tools.get("not", "not")}
    body = re.sub(r"^(\s*)(\S+)", lambda m: m.group(1) + names.get(m.group(2), m.group(2)),
                  body, count=1)
    return prefix + _plain(body)


def _holds(a: str, op: str, b: str) -> bool:
    x, y = int(a), int(b)
    return {"ge": x >= y, "gt": x > y, "le": x <= y, "lt": x < y, "eq": x == y, "ne": x != y}[op]


def _plain(text: str) -> str:
    for key, value in PLAIN:
        text = text.replace(key, value)
    return text


def _base(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def _dir(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else "."
