"""Issue 24's shape rules for app/, read from the source with ``ast``: no class
over 600 lines (a class counted together with the app classes it is split
into as mixins: bases no other class derives from), and no import cycle
among the app's modules (imports inside functions count: they run; imports
under ``if TYPE_CHECKING:`` do not)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]
MAX_CLASS_LINES = 600


def _modules(package: str, root: Path = ROOT) -> dict[str, Path]:
    out = {}
    for path in (root / package).rglob("*.py"):
        name = ".".join(path.relative_to(root).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def class_lines(package: str, root: Path = ROOT) -> dict[str, int]:
    """Lines of each class in ``package`` (by ``module.Class``), with the lines
    of its bases defined there that no other class derives from (its mixins)."""
    own: dict[str, int] = {}
    bases: dict[str, list[str]] = {}
    for module, path in _modules(package, root).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                key = f"{module}.{node.name}"
                own[key] = (node.end_lineno or node.lineno) - node.lineno + 1
                bases[key] = [ast.unparse(b).rpartition(".")[2] for b in node.bases]
    by_name = defaultdict(list)
    for key in own:
        by_name[key.rpartition(".")[2]].append(key)
    derived = defaultdict(int)
    for names in bases.values():
        for name in names:
            for key in by_name.get(name, []):
                derived[key] += 1
    total = {}
    for key, lines in own.items():
        mixins = [k for name in bases[key] for k in by_name.get(name, []) if derived[k] == 1]
        total[key] = lines + sum(own[k] for k in mixins)
    return total


def import_graph(package: str) -> nx.DiGraph:
    """Module -> module it imports, inside ``package``."""
    modules = _modules(package)

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph = nx.DiGraph()
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                       and "TYPE_CHECKING" in ast.unparse(block.test) for n in ast.walk(block)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            else:
                continue
            for name in names:
                target = resolve(name) if name.split(".")[0] == package else None
                if target is not None and target != module:
                    graph.add_edge(module, target)
    return graph


def test_no_class_in_the_app_is_over_600_lines():
    """Issue 24: EditorSession was 740 lines, LittleSoldiersView 670, LittleSoldiersController 628."""
    long = {k: n for k, n in class_lines("app").items() if n > MAX_CLASS_LINES}
    assert not long, long


def test_the_counter_counts_a_class_with_its_mixins(tmp_path):
    """The rule cannot be met by cutting a class into mixins; a base several
    classes share (GameController) is not counted with each."""
    pkg = tmp_path / "shop"
    pkg.mkdir()
    body = "\n".join(f"    def m{i}(self):\n        return {i}" for i in range(200))
    (pkg / "parts.py").write_text(f"class Moves:\n{body}\n\n\nclass Shared:\n{body}\n")
    (pkg / "big.py").write_text(f"from shop.parts import Moves, Shared\n\n\nclass Big(Moves, Shared):\n{body}\n\n\n"
                                f"class Other(Shared):\n    pass\n")
    counted = class_lines("shop", tmp_path)
    assert counted["shop.big.Big"] == 401 + 401 and counted["shop.big.Other"] == 2
    real = class_lines("app")
    assert real["app.games.toy_battle.controller.ToyBattleController"] < 300


def test_no_import_cycle_among_the_app_modules():
    cycles = [sorted(c) for c in nx.strongly_connected_components(import_graph("app")) if len(c) > 1]
    assert not cycles, cycles


def test_the_cycle_finder_sees_a_cycle_through_a_function_level_import():
    graph = import_graph("app")
    assert graph.has_edge("app.game_screen", "app.animation")  # imported inside GameScreen.__init__
    assert not graph.has_edge("app.games.little_soldiers.shows", "app.games.little_soldiers.view")  # typing only
