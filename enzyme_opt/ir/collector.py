"""Pausing Python's cyclic garbage collector while the compiler works.

Our IR is a graph of many small long-lived objects (values, uses, blocks).
Every allocation-triggered collection walks the young ones, and the oldest
generation's collections walk the whole graph again, so with the collector
on, parsing, AD and printing spend a third to half of their time in it and
grow faster than linearly with the module.  The graph holds no garbage
cycles while it is being built or transformed (a dropped module is
collected when the collector is back on), so a compilation pauses it.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def collector_paused():
    """Run the body with the cyclic collector off; nests, and restores what it found."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
