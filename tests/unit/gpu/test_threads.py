"""analysis/threads.py: which tagged atomic adds only one GPU thread reaches.

Each case is a small NVPTX kernel whose adds carry the tag; the answer is
the scope the proof needs (thread, block, grid) or none (stays atomic).
"""

from __future__ import annotations

import pytest

from enzyme_opt.analysis import threads
from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.text.parser import parse_module

TAG = "enzyme_opt.accumulate"
HEADER = """target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
@tile = internal addrspace(3) global [256 x double] undef
"""
GID = """  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %i = sext i32 %gid to i64
"""


def scopes(body: str, params: str = "ptr %dx, double %v") -> list[str | None]:
    text = f"{HEADER}\ndefine ptx_kernel void @k({params}) {{\n{GID}{body}  ret void\n}}\n!0 = !{{}}\n"
    module = parse_module(text, "t.ll")
    found = threads.private_accumulations(module, TAG)
    adds = [i for i in module.get_function("k").instructions() if isinstance(i, I.AtomicRMWInst)]
    return [found.get(add) for add in adds]


def add(pointer: str) -> str:
    return f"  atomicrmw fadd ptr {pointer}, double %v monotonic, align 8, !{TAG} !0\n"


def test_own_element_of_a_parameter_needs_a_1d_grid():
    assert scopes("  %p = getelementptr double, ptr %dx, i64 %i\n" + add("%p")) == [threads.GRID]


def test_neighbours_collide():
    body = ("  %p = getelementptr double, ptr %dx, i64 %i\n" + add("%p") +
            "  %j = add i64 %i, 1\n  %q = getelementptr double, ptr %dx, i64 %j\n" + add("%q"))
    assert scopes(body) == [None, None]


def test_one_location_for_all_threads_collides():
    assert scopes(add("%dx")) == [None]


def test_fields_of_the_own_struct_share_one_stride():
    body = ("  %p = getelementptr { double, double }, ptr %dx, i64 %i, i32 0\n" + add("%p") +
            "  %q = getelementptr { double, double }, ptr %dx, i64 %i, i32 1\n" + add("%q"))
    assert scopes(body) == [threads.GRID, threads.GRID]


def test_block_index_alone_is_not_the_thread():
    body = ("  %b = sext i32 %tid to i64\n  %p = getelementptr double, ptr %dx, i64 %b\n"
            + add("%p"))
    assert scopes(body) == [None]  # threads of different blocks share tid.x


def test_shared_memory_indexed_by_the_thread_in_its_block():
    body = ("  %t = zext i32 %tid to i64\n"
            "  %p = getelementptr double, ptr addrspace(3) @tile, i64 %t\n"
            "  %g = addrspacecast ptr addrspace(3) %p to ptr\n" + add("%g"))
    assert scopes(body) == [threads.BLOCK]


def test_own_stack_is_always_private():
    body = "  %a = alloca [4 x double]\n  %p = getelementptr double, ptr %a, i64 3\n" + add("%p")
    assert scopes(body) == [threads.THREAD]


@pytest.mark.parametrize("attrs, expected", [("", [None, None]),
                                             ("noalias ", [threads.GRID, threads.GRID])])
def test_two_parameters_may_alias_unless_noalias(attrs, expected):
    body = ("  %p = getelementptr double, ptr %dx, i64 %i\n" + add("%p") +
            "  %q = getelementptr double, ptr %dy, i64 %i\n" + add("%q"))
    params = f"ptr {attrs}%dx, ptr {attrs}%dy, double %v"
    assert scopes(body, params) == expected


def test_wrapping_index_arithmetic_is_not_trusted():
    body = ("  %k = mul i32 %gid, 3\n  %kk = sext i32 %k to i64\n"
            "  %p = getelementptr double, ptr %dx, i64 %kk\n" + add("%p"))
    assert scopes(body) == [None]  # 3·gid may wrap in 32 bits: no flag says it does not


def test_untagged_atomics_are_the_programs_own():
    body = ("  %p = getelementptr double, ptr %dx, i64 %i\n"
            "  atomicrmw fadd ptr %p, double %v monotonic, align 8\n")
    assert scopes(body) == [None]
