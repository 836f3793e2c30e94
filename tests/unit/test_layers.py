"""The package's layers (docs/architecture.md): a module imports only from its own layer
or the layers below it, no two modules import each other (directly or in a longer circle),
and no folder holds more than 12 modules.  Function-level imports count: a lazy import
reaching up is still a dependency; imports under ``if TYPE_CHECKING:`` (for annotations
only) do not.

From the bottom up:

====  ==========================================================================
rank  packages
====  ==========================================================================
0     ``diagnostics``, ``demangle``, ``llvm``: errors, names, LLVM itself
1     ``ir`` (the model) and ``ir.text`` (its textual format)
2     ``targets``: what NVPTX and AMDGPU add (intrinsics, libdevice, codegen)
3     ``knowledge``: what a callee does (call kinds, library tables, annotations)
4     ``analysis``: types, activity, memory, pointees, threads
5     ``abi``: Enzyme's C ABI read into requests
6     ``ad.rules``, ``ad.prepare`` and ``ad.utils``/``ad.helpers``
7     ``ad.parallel``: GPU threads
8     ``ad.sweeps``: the reverse sweep's machinery
9     ``ad.modes``: one driver per mode
10    ``ad.lower``, ``ad.pipeline``: calls rewritten, the whole run
11    ``driver``, ``report``, ``api``, ``cli``: the ways in
====  ==========================================================================
"""
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "enzyme_opt"

#: module-name prefix → rank (the longest prefix wins)
RANKS = {
    "diagnostics": 0, "demangle": 0, "llvm": 0,
    "ir": 1,
    "targets": 2,
    "knowledge": 3,
    "analysis": 4,
    "abi": 5,
    "ad": 6, "ad.rules": 6, "ad.prepare": 6, "ad.utils": 6, "ad.helpers": 6,
    "ad.parallel": 7,
    "ad.sweeps": 8,
    "ad.modes": 9,
    "ad.lower": 10, "ad.pipeline": 10,
    "driver": 11, "report": 11, "api": 11, "cli": 11, "__main__": 11, "": 11,
}
MAX_MODULES_PER_FOLDER = 12


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _rank(module: str) -> int:
    best = None
    for prefix, rank in RANKS.items():
        if module == prefix or module.startswith(prefix + ".") or prefix == "":
            if best is None or len(prefix) > len(best[0]):
                best = (prefix, rank)
    return best[1]


def _run_time_nodes(tree):
    """Every node but those under ``if TYPE_CHECKING:`` (imports for annotations only)."""
    work = [tree]
    while work:
        node = work.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not (isinstance(child, ast.If) and isinstance(child.test, ast.Name)
                    and child.test.id == "TYPE_CHECKING"):
                work.append(child)


def _imports() -> dict[str, set[str]]:
    """module → the enzyme_opt modules it imports (a name imported from a package is
    the submodule when there is one)."""
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        found = set()
        for node in _run_time_nodes(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and \
                    node.module.split(".")[0] == "enzyme_opt":
                base = node.module.removeprefix("enzyme_opt").lstrip(".")
                for alias in node.names:
                    sub = f"{base}.{alias.name}".lstrip(".")
                    found.add(sub if sub in modules else base)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == "enzyme_opt":
                        found.add(alias.name.removeprefix("enzyme_opt").lstrip("."))
        found.discard(module)
        graph[module] = found
    return graph


def test_every_module_has_a_layer():
    assert all(_rank(m) is not None for m in _imports())


def test_no_module_imports_from_a_layer_above_its_own():
    upward = [f"{m} (rank {_rank(m)}) imports {t} (rank {_rank(t)})"
              for m, targets in _imports().items() for t in sorted(targets)
              if _rank(t) > _rank(m) and not m.startswith(t + ".") and t != ""]
    assert upward == []


def test_no_import_circles():
    graph = _imports()
    # a package's __init__ importing its own modules is how it re-exports them, not a circle
    edges = {m: {t for t in ts if not t.startswith(m + ".") and not (m.startswith(t + "."))}
             for m, ts in graph.items()}
    circles, state = [], {}

    def visit(node, stack):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == "open":
                circles.append(" -> ".join(stack[stack.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = "done"

    for node in sorted(edges):
        if node not in state:
            visit(node, [])
    assert circles == []


def test_no_folder_has_more_than_twelve_modules():
    crowded = {}
    for folder in [PACKAGE, *(p for p in PACKAGE.rglob("*") if p.is_dir())]:
        if folder.name == "__pycache__":
            continue
        count = len([p for p in folder.glob("*.py") if p.name != "__init__.py"])
        if count > MAX_MODULES_PER_FOLDER:
            crowded[str(folder.relative_to(PACKAGE.parent))] = count
    assert crowded == {}
