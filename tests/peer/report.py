"""The summary of a peer run: counts per folder, refusal reasons, failures one per line.

Refusal reasons are grouped after removing what differs between two refusals for the same
reason (function and value names, file positions, numbers), as tests/fuzz/run.py does.
"""
from __future__ import annotations

import collections
import re

STATUSES = ("passed", "failed", "refused", "timeout", "xfail", "skipped")
KINDS = ("wrong", "no-error", "filecheck", "crash", "invalid", "program", "link", "compile",
         "verify", "other")


def normalize(message: str) -> str:
    """A refusal reason without its location and names, for grouping."""
    text = re.sub(r"^enzyme-opt: error: ", "", message)
    text = re.sub(r"^[^ ]+:\d+(:\d+)?: ", "", text)
    text = re.sub(r"`[^`]*`", "`…`", text)
    # Value and function names vary; Enzyme's own entry points (@__enzyme_*) are the reason.
    text = re.sub(r"@(?!__enzyme)[\w.$\"-]+|%[\w.$\"-]+", "@…", text)
    text = re.sub(r"\(line \d+\)|line \d+", "line N", text)
    return re.sub(r"\d+", "N", text)[:170]


def _counts(records: list[dict]) -> collections.Counter:
    """Counts of RUN lines by status (a skipped file is not a RUN line)."""
    c = collections.Counter(r["status"] for r in records if r["line"])
    c["wrong"] = sum(r["status"] == "failed" and r["kind"] == "wrong" for r in records)
    # Wrong numbers with no enzyme-opt warning and no attribute clang dropped: silent ones.
    c["silent"] = sum(r["status"] == "failed" and r["kind"] == "wrong" and not r.get("notes")
                      for r in records)
    return c


def summary(records: list[dict]) -> int:
    """Print the tables; the exit status is 1 when a RUN line failed or timed out."""
    folders = sorted({r["folder"] for r in records})
    runs = [r for r in records if r["status"] != "skipped"]
    lines = [r for r in records if r["line"]]
    head = f"{'folder':20}{'RUN lines':>10}" + "".join(f"{s:>9}" for s in STATUSES) \
        + f"{'(wrong)':>9}"
    print("\n" + head)
    for folder in folders + ["overall"]:
        rows = records if folder == "overall" else [r for r in records if r["folder"] == folder]
        c = _counts(rows)
        n = sum(1 for r in rows if r["line"])
        print(f"{folder:20}{n:>10}" + "".join(f"{c[s]:>9}" for s in STATUSES)
              + f"{c['wrong']:>9}")
    skipped_files = sorted({(r["file"], r["detail"]) for r in records if not r["line"]})
    print(f"\nskipped files ({len(skipped_files)}): "
          + ", ".join(f"{f} ({why})" for f, why in skipped_files))
    skipped_lines = collections.Counter(r["detail"] for r in lines if r["status"] == "skipped")
    if skipped_lines:
        print("skipped RUN lines: " + "; ".join(f"{n} x {why}" for why, n in
                                                skipped_lines.most_common()))

    kinds = collections.Counter(r["kind"] for r in runs if r["status"] == "failed")
    if kinds:
        print("\nfailed RUN lines by kind: " + ", ".join(f"{kinds[k]} {k}" for k in KINDS
                                                       if kinds[k]))
    refusals: dict[str, list[dict]] = collections.defaultdict(list)
    for r in runs:
        if r["status"] == "refused":
            refusals[normalize(r["detail"])].append(r)
    if refusals:
        print("\nrefusal reasons (RUN lines, files):")
        for reason, rs in sorted(refusals.items(), key=lambda kv: -len(kv[1])):
            files = sorted({r["file"] for r in rs})
            print(f"  {len(rs):4}  {reason}\n        [{', '.join(files[:6])}"
                  + (f", +{len(files) - 6}" if len(files) > 6 else "") + "]")
    failed = [r for r in runs if r["status"] in ("failed", "timeout")]
    if failed:
        print("\nfailed RUN lines (file:line level kind: reason):")
        order = {k: i for i, k in enumerate(KINDS)}
        for r in sorted(failed, key=lambda r: (order.get(r["kind"], 99), r["file"], r["line"])):
            same = f" (= line {r['same_as']})" if r.get("same_as") else ""
            notes = f" [{'; '.join(r['notes'])}]" if r.get("notes") else ""
            print(f"  {r['file']}:{r['line']} {r['level']} {r['status']}"
                  f"{'/' + r['kind'] if r['kind'] else ''}{same}: {r['detail']}{notes}")
    xfails = [r for r in runs if r["status"] == "xfail"]
    if xfails:
        print("\nexpected failures (XFAIL in the test): "
              + ", ".join(sorted({r["file"] for r in xfails})))
    c = _counts(records)
    print(f"\npeer: {len(lines)} RUN lines: " + ", ".join(f"{c[s]} {s}" for s in STATUSES)
          + f" ({c['wrong']} with wrong numbers, {c['silent']} of them silent);"
          f" {len(skipped_files)} files skipped")
    return 1 if c["failed"] or c["timeout"] else 0
