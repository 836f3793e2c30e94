"""The run-time proof behind plain adds in OpenMP reverse sweeps (ad/sweeps/openmp/ranges.py),
run natively: ``enzyme_opt.omp.exclusive`` leaves each thread only bytes that no other
thread's interval covers, and ``enzyme_opt.omp.add`` adds plainly only inside them."""

import ctypes
import random
import subprocess

import pytest

from enzyme_opt.ad.sweeps.openmp.ranges import add_function, exclusive_function
from enzyme_opt.ir import types as T
from enzyme_opt.ir.module import Module
from enzyme_opt.ir.text.printer import print_module

EMPTY = (2**64 - 1, 0)


@pytest.fixture(scope="module")
def helpers(tmp_path_factory):
    """The two helpers, compiled into a shared library and loaded (made external so that
    ctypes finds them)."""
    module = Module("ranges")
    module.triple = "x86_64-pc-linux-gnu"
    exclusive_function(module)
    add_function(module, ((T.f64, 8),))
    add_function(module, ((T.f64, 8), (T.VectorType(2, T.f64), 8)))
    text = print_module(module).replace("define internal", "define")
    text = text.replace("alwaysinline", "noinline")
    tmp = tmp_path_factory.mktemp("ranges")
    (tmp / "ranges.ll").write_text(text)
    subprocess.run(["clang-22", "-O1", "-shared", "-fPIC", str(tmp / "ranges.ll"), "-o",
                    str(tmp / "ranges.so")], check=True)
    lib = ctypes.CDLL(str(tmp / "ranges.so"))
    exclusive = lib["enzyme_opt.omp.exclusive"]
    exclusive.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint64, ctypes.c_uint64,
                          ctypes.c_void_p]
    add = lib["enzyme_opt.omp.add.f64.a8"]
    add.argtypes = [ctypes.c_void_p, ctypes.c_double, ctypes.c_uint64, ctypes.c_uint64]
    return exclusive, add


@pytest.fixture(scope="module")
def two_adds(tmp_path_factory):
    """``enzyme_opt.omp.add.f64.a8_v2f64.a8`` through a C caller (a vector argument)."""
    module = Module("adds")
    module.triple = "x86_64-pc-linux-gnu"
    add_function(module, ((T.f64, 8), (T.VectorType(2, T.f64), 8)))
    text = print_module(module).replace("define internal", "define")
    text = text.replace("alwaysinline", "noinline")
    tmp = tmp_path_factory.mktemp("adds")
    (tmp / "adds.ll").write_text(text)
    (tmp / "call.c").write_text(
        "typedef double v2 __attribute__((vector_size(16)));\n"
        "void adds(void *, double, unsigned long, unsigned long, void *, v2, unsigned long,"
        " unsigned long) __asm__(\"enzyme_opt.omp.add.f64.a8_v2f64.a8\");\n"
        "void call(double *p, double v, unsigned long a, unsigned long b, double *q, double w0,"
        " double w1, unsigned long c, unsigned long d) { adds(p, v, a, b, q, (v2){w0, w1}, c, d); }\n")
    subprocess.run(["clang-22", "-O1", "-shared", "-fPIC", str(tmp / "adds.ll"), str(tmp / "call.c"),
                    "-o", str(tmp / "adds.so")], check=True)
    lib = ctypes.CDLL(str(tmp / "adds.so"))
    lib.call.argtypes = [ctypes.c_void_p, ctypes.c_double, ctypes.c_uint64, ctypes.c_uint64,
                         ctypes.c_void_p, ctypes.c_double, ctypes.c_double, ctypes.c_uint64,
                         ctypes.c_uint64]
    return lib.call


def _exclusive(exclusive, table: list[list[tuple[int, int]]], me: int) -> list[tuple[int, int]]:
    """Thread ``me``'s exclusive intervals, given every thread's (``table[s][g]``)."""
    groups = len(table[0])
    flat = [v for thread in table for interval in thread for v in interval]
    table_c = (ctypes.c_uint64 * len(flat))(*flat)
    mine = (ctypes.c_uint64 * (2 * groups))(*[v for interval in table[me] for v in interval])
    exclusive(ctypes.addressof(table_c), groups, len(table), me, ctypes.addressof(mine))
    return [(mine[2 * g], mine[2 * g + 1]) for g in range(groups)]


def test_stencil_keeps_its_chunk_boundaries_atomic(helpers):
    """Two threads of a 3-point stencil over 100 doubles: thread 0 reads u[0..50], thread
    1 u[49..99].  Thread 0 keeps u[0..48], thread 1 u[51..99]; u[49] and u[50] (read by
    both) are in neither."""
    exclusive, _ = helpers
    u = 0x10000
    table = [[(u, u + 8 * 51)], [(u + 8 * 49, u + 8 * 100)]]
    assert _exclusive(exclusive, table, 0) == [(u, u + 8 * 49)]
    assert _exclusive(exclusive, table, 1) == [(u + 8 * 51, u + 8 * 100)]


def test_two_arrays_and_a_shared_scalar(helpers):
    """x and y read by chunks (disjoint), a scalar read by every thread: the chunks stay,
    the scalar is nobody's.  An empty group overlaps nothing and stays empty."""
    exclusive, _ = helpers
    x, y, s = 0x100000, 0x200000, 0x300000
    table = [[(x, x + 400), (y, y + 400), (s, s + 8), EMPTY],
             [(x + 400, x + 800), (y + 400, y + 800), (s, s + 8), EMPTY]]
    got = _exclusive(exclusive, table, 1)
    assert got[:2] == [(x + 400, x + 800), (y + 400, y + 800)]
    assert got[2][0] >= got[2][1] and got[3][0] >= got[3][1]


def test_aliasing_arrays_are_cut(helpers):
    """y = x + 1 element: thread 0's y chunk overlaps thread 1's x chunk by one element."""
    exclusive, _ = helpers
    x = 0x100000
    y = x + 8
    table = [[(x, x + 400), (y, y + 400)], [(x + 400, x + 800), (y + 400, y + 800)]]
    mine = _exclusive(exclusive, table, 0)
    assert mine == [(x, x + 400), (y, x + 400)]


def test_random_intervals_are_disjoint_from_every_other_thread(helpers):
    """The property the proof needs, on random tables: what thread t keeps lies inside its
    own interval and overlaps no interval of any other thread."""
    exclusive, _ = helpers
    rng = random.Random(23)
    for _ in range(400):
        team, groups = rng.randint(1, 5), rng.randint(1, 4)
        table = []
        for _ in range(team):
            thread = []
            for _ in range(groups):
                if rng.random() < 0.15:
                    thread.append(EMPTY)
                else:
                    lo = rng.randrange(0, 400, 8)
                    thread.append((lo, lo + rng.randrange(8, 200, 8)))
            table.append(thread)
        for me in range(team):
            for g, (a, b) in enumerate(_exclusive(exclusive, table, me)):
                if a >= b:
                    continue
                own = table[me][g]
                assert own[0] <= a and b <= own[1]
                for s in range(team):
                    if s != me:
                        for c, d in table[s]:
                            assert not (c < b and a < d), (table, me, g, (a, b))


def test_add_is_exact_inside_and_outside(helpers):
    """``*p += v`` by either path: plain inside [a, b), atomic outside."""
    _, add = helpers
    cells = (ctypes.c_double * 4)(1.0, 2.0, 3.0, 4.0)
    base = ctypes.addressof(cells)
    add(base + 8, 0.5, base, base + 16)        # inside
    add(base + 16, 0.25, base, base + 16)      # outside: [16, 24) is not in [0, 16)
    add(base + 8, 1.0, base + 16, base)        # an empty interval: atomic
    assert list(cells) == [1.0, 3.5, 3.25, 4.0]


def test_adds_of_a_block_are_exact_either_way(two_adds):
    """The adds of a block behind one test: all plain when all lie inside their intervals,
    all atomic otherwise; the sums are the same."""
    cells = (ctypes.c_double * 4)(1.0, 2.0, 3.0, 4.0)
    base = ctypes.addressof(cells)
    two_adds(base, 0.5, base, base + 32, base + 16, 1.0, 2.0, base, base + 32)  # all inside
    two_adds(base, 0.5, base, base + 32, base + 16, 1.0, 2.0, base, base + 24)  # one outside
    assert list(cells) == [2.0, 2.0, 5.0, 8.0]
