"""Issue 24's shape rules for engine/, read from the source with ``ast``
(``tests.shape``): no class over 600 lines (a class counted together with
the classes it is split into as mixins), and no import cycle among the
engine's modules (imports inside functions count: they run; imports under
``if TYPE_CHECKING:`` do not). No breach is known: none is allowed."""

from __future__ import annotations

from pathlib import Path

from tests.shape import MAX_CLASS_LINES, class_lines, cycles, import_graph


def test_no_class_in_the_engine_is_over_600_lines():
    """Issue 24: LittleSoldiersState was 1,193 lines over four mixin files, CoopPlanner 667."""
    long = {k: n for k, n in class_lines("engine").items() if n > MAX_CLASS_LINES}
    assert not long, long


def test_the_little_soldiers_core_classes_are_each_well_under_the_limit():
    lines = class_lines("engine")
    for name in ("engine.little_soldiers.state.LittleSoldiersState", "engine.little_soldiers.game.LittleSoldiersGame",
                 "engine.little_soldiers.coop_plan.CoopPlanner", "engine.little_soldiers.coop_value.CoopValue",
                 "engine.little_soldiers.view.LittleSoldiersView", "engine.little_soldiers.part.Part"):
        assert lines[name] <= MAX_CLASS_LINES, (name, lines[name])


def test_the_counter_counts_a_class_with_its_mixins(tmp_path: Path):
    """The rule cannot be met by cutting a class into mixins; a base several
    classes share is not counted with each."""
    pkg = tmp_path / "shop"
    pkg.mkdir()
    body = "\n".join(f"    def m{i}(self):\n        return {i}" for i in range(200))
    (pkg / "parts.py").write_text(f"class Moves:\n{body}\n\n\nclass Shared:\n{body}\n")
    (pkg / "big.py").write_text(f"from shop.parts import Moves, Shared\n\n\nclass Big(Moves, Shared):\n{body}\n\n\n"
                                f"class Other(Shared):\n    pass\n")
    counted = class_lines("shop", tmp_path)
    assert counted["shop.big.Big"] == 401 + 401 and counted["shop.big.Other"] == 2


def test_no_import_cycle_among_the_engine_modules():
    found = cycles(import_graph("engine"))
    assert not found, found


def test_the_cycle_finder_sees_function_level_imports_and_skips_typing_only_ones(tmp_path: Path):
    pkg = tmp_path / "shop"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from shop import a\n")
    (pkg / "a.py").write_text("from shop import b\n")
    (pkg / "b.py").write_text("def late():\n    from shop.a import x\n    return x\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from shop.d import y\n")
    (pkg / "d.py").write_text("from shop.c import z\n")
    (pkg / "sub" / "__init__.py").write_text("NAME = 1\n")
    (pkg / "sub" / "e.py").write_text("from shop.sub import NAME\n")
    graph = import_graph("shop", tmp_path)
    assert cycles(graph) == [["shop.a", "shop.b"]]  # b -> a inside a function; c -> d only for typing
    assert graph.has_edge("shop.sub.e", "shop.sub")  # a name the package itself defines
    assert not graph.has_edge("shop.a", "shop")  # "from shop import b" loads shop.b


def test_the_little_soldiers_core_imports_no_part():
    """The core reaches the parts through the registry and the Game, never by importing one."""
    graph = import_graph("engine")
    core = ["state", "game", "part", "flow", "steps", "turns", "preparation", "movement", "combat", "view",
            "phases", "pieces", "chance", "registry", "state_data", "candidates", "random_action"]
    for name in core:
        module = f"engine.little_soldiers.{name}"
        parts = [t for t in graph.successors(module) if t.startswith("engine.little_soldiers.parts.")]
        assert not parts, (module, parts)
