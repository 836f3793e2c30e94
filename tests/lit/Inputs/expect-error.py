"""Run a command that must fail the way enzyme-opt reports a user error.

Usage (from a RUN line):  %python %S/../Inputs/expect-error.py enzyme-opt ARGS...

Checks the diagnostic contract and fails (exit 1, with a reason on stderr)
unless the command
  - exits with status 1 (not 0, not 2, not a signal),
  - writes exactly one line to stderr, starting "enzyme-opt: error: ",
    with no Python traceback,
  - writes nothing to stdout,
  - leaves no output file behind when "-o FILE" is given (FILE is removed
    first, so a stale one from an earlier run does not count).
On success the stderr line is echoed to stdout for FileCheck.
"""

import os
import subprocess
import sys


def main(argv):
    cmd = argv[1:]
    if not cmd:
        sys.exit("expect-error.py: no command given")
    output = None
    if "-o" in cmd and cmd.index("-o") + 1 < len(cmd):
        output = cmd[cmd.index("-o") + 1]
        if output != "-" and os.path.lexists(output):
            os.unlink(output)
    proc = subprocess.run(cmd, stdin=sys.stdin, capture_output=True)
    stderr = proc.stderr.decode("utf-8", "replace")
    stdout = proc.stdout.decode("utf-8", "replace")
    problems = []
    if proc.returncode != 1:
        problems.append(f"exit status {proc.returncode}, expected 1")
    lines = stderr.splitlines()
    if len(lines) != 1:
        problems.append(f"{len(lines)} lines on stderr, expected exactly 1")
    if not stderr.startswith("enzyme-opt: error: "):
        problems.append("stderr does not start with 'enzyme-opt: error: '")
    if "Traceback" in stderr:
        problems.append("a Python traceback on stderr")
    if stdout:
        problems.append("output on stdout")
    if output not in (None, "-") and os.path.lexists(output):
        problems.append(f"the output file {output} was created")
    if problems:
        sys.stderr.write("expect-error.py: " + "; ".join(problems) + "\n")
        sys.stderr.write("--- stderr was:\n" + stderr + "--- end\n")
        sys.exit(1)
    sys.stdout.write(stderr)


if __name__ == "__main__":
    main(sys.argv)
