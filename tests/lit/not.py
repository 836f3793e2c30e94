#!/usr/bin/env python3
"""Minimal stand-in for LLVM's `not`: run a command, succeed iff it fails.

`not --crash cmd` succeeds iff cmd was killed by a signal. Used by lit.cfg.py only when
/usr/lib/llvm-22/bin/not is absent.
"""
import subprocess
import sys

args = sys.argv[1:]
crash = bool(args) and args[0] == "--crash"
if crash:
    args = args[1:]
if not args:
    sys.exit("usage: not [--crash] command [args...]")
try:
    rc = subprocess.call(args)
except OSError as e:  # like LLVM's `not`: a command that cannot run is an error
    print(f"not: unable to run {args[0]!r}: {e}", file=sys.stderr)
    sys.exit(1)
if crash:
    sys.exit(0 if rc < 0 else 1)
sys.exit(0 if rc != 0 else 1)
