"""Reading a package's shape from its source with ``ast``: the lines of each
class (with the mixins it is split into) and the import graph between its
modules. Issue 24's rules (no class over 600 lines, no import cycle) are
tested on engine/ with these (``tests/core/test_engine_shape.py``)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
MAX_CLASS_LINES = 600


_PARSED: dict[Path, tuple[tuple[int, int], ast.Module]] = {}
"""Each source file's syntax tree with the (size, mtime) it was read at: the shape
tests of engine/ and app/ read the same files several times in a process."""


def parsed(path: Path) -> ast.Module:
    """``path``'s syntax tree, parsed again only once the file changed."""
    st = path.stat()
    stamp = (st.st_size, st.st_mtime_ns)
    known = _PARSED.get(path)
    if known is None or known[0] != stamp:
        known = _PARSED[path] = (stamp, ast.parse(path.read_text(encoding="utf-8")))
    return known[1]


def modules(package: str, root: Path = ROOT) -> dict[str, Path]:
    """Every module of ``package`` by dotted name (a package by its own name)."""
    out = {}
    for path in sorted((root / package.replace(".", "/")).rglob("*.py")):
        name = ".".join(path.relative_to(root).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def class_lines(package: str, root: Path = ROOT) -> dict[str, int]:
    """Lines of each class in ``package`` (by ``module.Class``), with the lines
    of its bases defined there that no other class derives from (its mixins:
    a class cut into mixins is counted whole)."""
    own: dict[str, int] = {}
    bases: dict[str, list[str]] = {}
    for module, path in modules(package, root).items():
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ClassDef):
                key = f"{module}.{node.name}"
                own[key] = (node.end_lineno or node.lineno) - node.lineno + 1
                bases[key] = [ast.unparse(b).partition("[")[0].rpartition(".")[2] for b in node.bases]
    by_name: dict[str, list[str]] = defaultdict(list)
    for key in own:
        by_name[key.rpartition(".")[2]].append(key)
    derived: dict[str, int] = defaultdict(int)
    for names in bases.values():
        for name in names:
            for key in by_name.get(name, []):
                derived[key] += 1
    total = {}
    for key, lines in own.items():
        mixins = [k for name in bases[key] for k in by_name.get(name, []) if derived[k] == 1]
        total[key] = lines + sum(own[k] for k in mixins)
    return total


def import_graph(package: str, root: Path = ROOT) -> nx.DiGraph:
    """Module -> module it imports, within ``package``'s top-level package.

    An import depends on the module it loads: ``import a.b`` and ``from a
    import b`` (``b`` a module) on ``a.b``; ``from a import name`` (``name``
    defined in ``a``) on ``a``. Imports inside functions count (they run when
    called); imports under ``if TYPE_CHECKING:`` do not (they never run). That
    Python runs a package's ``__init__`` before any of its modules is not
    counted as depending on what the ``__init__`` defines."""
    known = modules(package.split(".")[0], root)

    def resolve(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    graph = nx.DiGraph()
    top = package.split(".")[0]
    for module, path in known.items():
        graph.add_node(module)
        tree = parsed(path)
        typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                       and "TYPE_CHECKING" in ast.unparse(block.test) for n in ast.walk(block)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for a in node.names:
                    sub = f"{node.module}.{a.name}"
                    targets.append(sub if sub in known else node.module)
            for name in targets:
                target = resolve(name) if name.split(".")[0] == top else None
                if target is not None and target != module:
                    graph.add_edge(module, target)
    return graph


def cycles(graph: nx.DiGraph) -> list[list[str]]:
    """Each set of modules that import one another, round (sorted)."""
    return sorted(sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1)
