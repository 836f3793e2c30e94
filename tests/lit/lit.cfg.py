# -*- Python -*-
"""lit configuration for enzyme-opt's end-to-end tests.

RUN lines name tools plainly (``enzyme-opt``, ``FileCheck``, ``clang``, ``lli``, ``not`` …);
the substitutions below pin each one to a definite binary: the venv's console scripts and
the LLVM 22 tools from apt (``clang-22`` …), so tests never pick up whatever else is on PATH.
"""

import os
import re
import shutil
import sys

import lit.formats

config.name = "enzyme-opt"
# lit's internal shell (pipes, &&, redirections, `not`, `env`, `cd`…; no `$(...)`).
# ShTest(True), the external /bin/sh, is refused by lit >= 23 unless forced, and the
# force_execute_external flag does not exist in older lit: the internal shell works in both.
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".c", ".cpp", ".cu", ".hip"]
config.excludes = ["Inputs", "Output"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.test_source_root, "Output")

ROOT = os.path.dirname(os.path.dirname(config.test_source_root))
VENV_BIN = os.path.join(ROOT, ".venv", "bin")
LLVM_BIN = "/usr/lib/llvm-22/bin"


def venv_tool(name):
    """The venv's copy of a console script, else the one on PATH, else the venv path
    (so a missing tool fails with a clear 'not found' naming the expected location)."""
    path = os.path.join(VENV_BIN, name)
    if os.access(path, os.X_OK):
        return path
    return shutil.which(name) or path


def llvm_tool(name):
    """`name-22` from PATH, else /usr/lib/llvm-22/bin/name, else `name-22` as is."""
    return (shutil.which(name + "-22")
            or (os.path.join(LLVM_BIN, name) if os.access(os.path.join(LLVM_BIN, name), os.X_OK) else None)
            or name + "-22")


python = os.path.join(VENV_BIN, "python")
if not os.access(python, os.X_OK):
    python = sys.executable

not_tool = os.path.join(LLVM_BIN, "not")
if not os.access(not_tool, os.X_OK):
    not_tool = "%s %s" % (python, os.path.join(config.test_source_root, "not.py"))

ptxas = "/usr/local/bin/ptxas"


def tool_subst(name, replacement):
    """Replace `name` only where it stands as a command word: not inside another tool's
    name or a path (`enzyme-opt` must survive the `opt` rule, `lli-22` the `lli` rule)."""
    pattern = r"(?<![\w/.%-])" + re.escape(name) + r"(?![\w/.-])"
    config.substitutions.append((pattern, replacement))


# Order matters: %python before the rest; enzyme-opt before opt (its path ends in "-opt").
config.substitutions.append(("%python", python))
tool_subst("enzyme-opt", venv_tool("enzyme-opt"))
tool_subst("FileCheck", venv_tool("filecheck"))
tool_subst("filecheck", venv_tool("filecheck"))
tool_subst("not", not_tool)
for tool in ("clang", "lli", "llc", "opt", "llvm-as", "llvm-dis", "llvm-link", "split-file"):
    tool_subst(tool, llvm_tool(tool))
tool_subst("ptxas", ptxas)

# Features for `REQUIRES:` lines.
if os.access(ptxas, os.X_OK):
    config.available_features.add("ptxas")
for tool in ("clang", "lli", "llc"):
    if shutil.which(tool + "-22"):
        config.available_features.add(tool)

# OpenMP: the runtime `clang-22 -fopenmp` links (Debian's libomp-22-dev, which `make
# toolchain` installs); tests/lit/openmp say REQUIRES: openmp and run with two threads.
if os.path.exists("/usr/lib/llvm-22/lib/libomp.so"):
    config.available_features.add("openmp")
config.environment["OMP_NUM_THREADS"] = "2"

# Enzyme's C++ header <enzyme/enzyme> is Enzyme's, never in this repository: the tests
# that include it (REQUIRES: enzyme-header) run where it is installed, in ENZYME_INCLUDE
# (default /tmp/enzyme-include, where docs/testing.md puts it for `make peer`).
enzyme_include = os.environ.get("ENZYME_INCLUDE", "/tmp/enzyme-include")
if os.path.exists(os.path.join(enzyme_include, "enzyme", "enzyme")):
    config.available_features.add("enzyme-header")
config.substitutions.append(("%enzyme_include", enzyme_include))

# The venv first on PATH for anything a test runs unsubstituted; keep HOME for clang.
config.environment["PATH"] = os.pathsep.join(
    [VENV_BIN, config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ("HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
