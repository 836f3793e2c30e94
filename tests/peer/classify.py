"""What became of one RUN line: passed, failed (and how), refused, timeout, xfail.

run.py runs every tool of a RUN line through a wrapper that appends `name rc id` to
tools.log and keeps the tool's stderr and arguments, so a failed pipeline can be blamed on the
stage that failed rather than guessed from bash's exit status. The rules, in order:

  enzyme-opt exited 1 with its one-line `enzyme-opt: error:` diagnostic  -> refused
      (unless the line is about enzyme-opt's own output, or the recursion limit: ours)
  enzyme-opt died otherwise (traceback, signal)                          -> failed/crash
  clang rejected the test's source, before enzyme-opt ran                -> failed/compile
  lli or clang rejected enzyme-opt's IR                                  -> failed/invalid
  the program's own checks failed (APPROX_EQ, assert, non-zero exit)     -> failed/wrong
  the program died of a signal without a check failing                   -> failed/program
  lli could not find a symbol the program uses (it never ran)            -> failed/link
  FileCheck did not match the program's printed numbers                  -> failed/wrong
  the derivative stopped itself, printing "enzyme-opt: <why>" (a call through a
  function pointer whose shadow is not a table, a checkpoint schedule's limit)  -> refused
  FileCheck did not match enzyme-opt's IR (Enzyme's IR-shape checks)     -> failed/filecheck

`failed/wrong` is the figure that matters: the derivative program ran and its numbers were
not Enzyme's.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

OUR_OUTPUT_REJECTED = re.compile(r"enzyme-opt: error: (the output\b|.*internal error)")
OUR_RECURSION_LIMIT = "the input nests too deeply to process"
CHECK_FAILED = re.compile(r"Assertion Failed:.*|Assertion `.*' failed\.?|.*[Aa]ssertion.*failed.*")
IR_REJECTED = re.compile(r"(lli-22|clang(\+\+)?-22|opt-22): .*error:|<stdin>:\d+:\d+: error:"
                         r"|error: .*(expected|invalid|use of undefined)")
PLUGIN_ATTRIBUTE = re.compile(r"unknown attribute '(enzyme_\w+)' ignored")
SIGNALS = {134: "SIGABRT", 136: "SIGFPE", 139: "SIGSEGV", 138: "SIGBUS", 132: "SIGILL"}


@dataclass
class Tool:
    name: str
    rc: int
    args: str
    err: str


@dataclass
class Verdict:
    status: str                  # passed, failed, refused, timeout, xfail
    kind: str = ""               # for failed: wrong, filecheck, crash, invalid, program, ...
    detail: str = ""             # the refusal line, the failed check, the first error
    notes: list[str] = field(default_factory=list)


def read_tools(log_dir: Path) -> list[Tool]:
    """The wrapped tools that ran, in the order they finished."""
    tools = []
    log = log_dir / "tools.log"
    if not log.exists():
        return tools
    for line in log.read_text(errors="replace").splitlines():
        parts = line.split(" ", 2)
        if len(parts) != 3:
            continue
        name, rc, ident = parts
        args = _read(log_dir / f"{name}.{ident}.args")
        tools.append(Tool(name, int(rc), args.strip(), _read(log_dir / f"{name}.{ident}.err")))
    return tools


def _read(path: Path) -> str:
    return path.read_text(errors="replace") if path.exists() else ""


def _lines(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


def first_error(text: str) -> str:
    """The most telling line of a tool's stderr: its first error, else its last line."""
    lines = _lines(text)
    for ln in lines:
        if "error" in ln.lower() or CHECK_FAILED.search(ln):
            return ln[:300]
    return lines[-1][:300] if lines else ""


#: exit statuses of a writer killed by SIGPIPE (bash's 128 + 13, or the signal itself)
BROKEN_PIPE = (141, -13)


def enzyme_opt_verdict(tool: Tool) -> Verdict:
    lines = _lines(tool.err)
    # 1: a refusal; 2: a usage error (an option of Enzyme's enzyme-opt refuses)
    if tool.rc in (1, 2) and lines and lines[-1].startswith("enzyme-opt: error:") \
            and "Traceback" not in tool.err:
        line = lines[-1]
        if OUR_OUTPUT_REJECTED.search(line):
            return Verdict("failed", "invalid", line)
        if OUR_RECURSION_LIMIT in line:
            return Verdict("failed", "crash", line)
        return Verdict("refused", "", line)
    what = SIGNALS.get(tool.rc, f"exit {tool.rc}") if tool.rc > 0 else f"signal {-tool.rc}"
    return Verdict("failed", "crash", f"enzyme-opt {what}: {lines[-1][:300] if lines else ''}")


def program_verdict(rc: int, err: str, out: str, runner: str) -> Verdict:
    """The differentiated program (under lli, or built and run) failed with status rc.

    A program that aborts (APPROX_EQ, assert, or its own `fprintf(stderr, ...); abort()`)
    or exits non-zero after printing its mismatches has checked a derivative and found it
    wrong; one that dies of another signal crashed."""
    # What the program printed, not lli's crash report that follows it.
    own_err = re.split(r"PLEASE submit a bug report|Stack dump:", err)[0]
    checks = [m.group(0)[:300] for ln in _lines(own_err + "\n" + out)
              for m in [CHECK_FAILED.search(ln)] if m]
    if checks:
        return Verdict("failed", "wrong", checks[0])
    stops = [ln for ln in _lines(own_err) if ln.startswith("enzyme-opt: ")]
    if stops:   # the derivative stopped itself with enzyme-opt's reason: no number came out
        return Verdict("refused", "", f"{runner}: stopped when run: {stops[0][:300]}")
    if "Symbols not found" in err:     # lli could not link the program: it never ran
        return Verdict("failed", "link", f"{runner}: {first_error(err)}")
    if runner.startswith("lli") and IR_REJECTED.search(err) and "Stack dump" not in err:
        return Verdict("failed", "invalid", f"{runner} rejected the IR: {first_error(err)}")
    said = _tail(own_err, 1) or _tail(out)
    if rc == 134 or rc == -6:                       # abort(): a check of the program failed
        return Verdict("failed", "wrong", f"{runner}: abort: {said}")
    if rc in SIGNALS or rc < 0 or "Stack dump" in err:
        sig = SIGNALS.get(rc, f"status {rc}")
        return Verdict("failed", "program", f"{runner}: program died ({sig}) {said}".strip())
    # A program that reports its own failures and exits non-zero (e.g. "du[3] = ..., expected")
    return Verdict("failed", "wrong", f"{runner}: exit {rc}: {_tail(out) or first_error(err)}")


def _expected_line(err: str) -> str:
    """The `CHECK: dA[5] = 12` line that FileCheck could not match, if it shows it."""
    lines = err.splitlines()
    pattern = next((ln.strip() for ln in lines if re.search(r"CHECK(-\w+)?:", ln)
                    and "error" not in ln), "")
    return f" [{pattern}]" if pattern else ""


def _tail(text: str, n: int = 2) -> str:
    return " | ".join(_lines(text)[-n:])[:300]


def classify(rc: int, timed_out: bool, stdout: str, stderr: str, tools: list[Tool],
             source: str, verify: bool, expected_errors: list[str], xfail: bool) -> Verdict:
    """The verdict of one RUN line from its exit status, output and the tools that ran."""
    if timed_out:
        ran = ", ".join(f"{t.name}={t.rc}" for t in tools) or "nothing finished"
        return Verdict("timeout", "", f"(finished: {ran})")
    v = _verify(rc, stderr, tools, expected_errors) if verify else _ordinary(rc, stdout, stderr,
                                                                               tools, source)
    # Attributes only Enzyme's clang plugin defines (enzyme_inactive, enzyme_shadow, ...):
    # plain clang ignores them with a warning, so their effect cannot reach enzyme-opt.
    ignored = sorted({m for t in tools if t.name.startswith("clang")
                      for m in PLUGIN_ATTRIBUTE.findall(t.err)})
    if ignored:
        v.notes.append("clang ignored the clang-plugin attribute(s) " + ", ".join(ignored))
    # A wrong number enzyme-opt warned about is not silent: keep its first warning.
    warned = [ln for t in tools if t.name == "enzyme-opt" for ln in _lines(t.err)
              if ln.startswith("enzyme-opt: warning:")]
    if warned and v.status != "passed":
        v.notes.append(f"enzyme-opt warned ({len(warned)}): {warned[0][:200]}")
    if xfail and v.status == "failed":
        return Verdict("xfail", v.kind, v.detail, ["XFAIL in the test", *v.notes])
    if xfail and v.status == "passed":
        v.notes.append("XPASS: the test is marked XFAIL")
    return v


def _ordinary(rc: int, stdout: str, stderr: str, tools: list[Tool], source: str) -> Verdict:
    failed = [t for t in tools if t.rc != 0]
    # Upstream first: when clang cannot compile the test, enzyme-opt reads nothing.
    for t in failed:
        if t.name.startswith("clang") and source in t.args and "-x ir" not in t.args:
            if t.rc in BROKEN_PIPE and not t.err.strip():
                continue  # enzyme-opt stopped reading (it refused an option): its verdict
            return Verdict("failed", "compile", f"clang: {first_error(t.err)}")
    for t in failed:
        if t.name == "enzyme-opt":
            return enzyme_opt_verdict(t)
    if rc == 0:
        return Verdict("passed")
    for t in failed:
        if t.name.startswith("clang"):       # compiling enzyme-opt's output, not the source
            return Verdict("failed", "invalid", f"clang rejected enzyme-opt's IR: "
                           f"{first_error(t.err)}")
        if t.name.startswith("lli"):
            return program_verdict(t.rc, t.err, stdout, "lli")
        if t.name.startswith("opt"):
            return Verdict("failed", "invalid", f"opt: {first_error(t.err)}")
    for t in failed:
        if t.name.startswith("FileCheck"):
            # FileCheck reading what the differentiated program printed checks its numbers.
            if any(u.name.startswith("lli") and u.rc == 0 for u in tools):
                return Verdict("failed", "wrong", "FileCheck on the program's output: "
                               + first_error(t.err) + _expected_line(t.err))
            return Verdict("failed", "filecheck", first_error(t.err))
    if not any(t.name == "enzyme-opt" for t in tools):
        return Verdict("failed", "other", f"exit {rc} before enzyme-opt ran: "
                       f"{first_error(stderr)}")
    # No wrapped tool failed: the program built from enzyme-opt's output, run directly, did.
    return program_verdict(rc, stderr, stdout, "program")


def _verify(rc: int, stderr: str, tools: list[Tool], expected_errors: list[str]) -> Verdict:
    """-Xclang -verify lines. Enzyme checks its diagnostics in clang; here an expected error
    must be either clang's own (same text) or an enzyme-opt refusal, and a test expecting only
    remarks or warnings must compile (enzyme-opt emits no remarks: not checked)."""
    front = [t for t in tools if t.name.startswith("clang") and t.rc != 0 and "-x ir" not in t.args]
    eopt = [t for t in tools if t.name == "enzyme-opt" and t.rc != 0]
    if expected_errors:
        if front:
            missing = [e for e in expected_errors if e not in front[0].err]
            if not missing:
                return Verdict("passed", "verify", "clang reported the expected errors")
            return Verdict("failed", "verify", "clang's errors differ; missing: "
                           + "; ".join(f"{{{{{m}}}}}" for m in missing[:3]))
        if eopt:
            v = enzyme_opt_verdict(eopt[0])
            if v.status == "refused":
                return Verdict("passed", "verify",
                               f"expected an error; enzyme-opt refused: {v.detail}")
            return v
        if rc == 0:
            return Verdict("failed", "no-error", "Enzyme reports an error here ("
                           + "; ".join(f"{{{{{e}}}}}" for e in expected_errors[:3])
                           + "); enzyme-opt differentiated it without one")
    if eopt:
        return enzyme_opt_verdict(eopt[0])
    if front:
        return Verdict("failed", "compile", f"clang: {first_error(front[0].err)}")
    if rc == 0:
        return Verdict("passed", "verify", "", ["expected remarks/warnings not checked"])
    return Verdict("failed", "other", f"exit {rc}: {first_error(stderr)}")


def expected_errors(text: str) -> list[str]:
    """The texts of `expected-error {{...}}` annotations of a -verify test."""
    return re.findall(r"expected-error(?:@\S+)?\s*\{\{(.*?)\}\}", text)
