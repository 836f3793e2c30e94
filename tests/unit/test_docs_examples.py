"""The examples in docs/ run: every ```c block marked ``// doc-example: NAME``
is compiled by clang-22, rewritten by enzyme-opt, run by lli-22, and its
output must equal the block's ``// expect:`` lines."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
BLOCK = re.compile(r"```c\n(// doc-example: (\S+)\n.*?)```", re.S)


def examples():
    for page in sorted(DOCS.glob("*.md")):
        for match in BLOCK.finditer(page.read_text()):
            yield pytest.param(match.group(1), id=f"{page.name}:{match.group(2)}")


@pytest.mark.parametrize("source", list(examples()))
@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_doc_example_runs(source, level, tmp_path):
    expected = [line[len("// expect: "):] for line in source.splitlines()
                if line.startswith("// expect: ")]
    assert expected, "a doc example must say what it prints"
    c, ll, grad = tmp_path / "x.c", tmp_path / "x.ll", tmp_path / "x.grad.ll"
    c.write_text(source)
    subprocess.run(["clang-22", level, "-S", "-emit-llvm", str(c), "-o", str(ll)], check=True)
    subprocess.run([sys.executable, "-m", "enzyme_opt", str(ll), "-S", "-o", str(grad)], check=True)
    run = subprocess.run(["lli-22", str(grad)], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == expected


def test_there_are_doc_examples():
    assert len(list(examples())) >= 3
