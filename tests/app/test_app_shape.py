"""Issue 24's shape rules for app/, read from the source with ``ast``: no class
over 600 lines (a class counted together with the app classes it is split
into as mixins: bases no other class derives from), and no import cycle
among the app's modules (imports inside functions count: they run; imports
under ``if TYPE_CHECKING:`` do not). The counting is ``tests.shape``'s, the
same the engine's rules are read with (``tests/core/test_engine_shape.py``)."""

from __future__ import annotations

from pathlib import Path

from tests.shape import MAX_CLASS_LINES, class_lines, cycles, import_graph


def test_no_class_in_the_app_is_over_600_lines():
    """Issue 24: EditorSession was 740 lines, LittleSoldiersView 670, LittleSoldiersController 628."""
    long = {k: n for k, n in class_lines("app").items() if n > MAX_CLASS_LINES}
    assert not long, long


def test_the_counter_counts_a_class_with_its_mixins(tmp_path: Path) -> None:
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
    found = cycles(import_graph("app"))
    assert not found, found


def test_the_cycle_finder_sees_a_cycle_through_a_function_level_import():
    graph = import_graph("app")
    assert graph.has_edge("app.game_screen", "app.animation")  # imported inside GameScreen.__init__
    assert not graph.has_edge("app.games.little_soldiers.shows", "app.games.little_soldiers.view")  # typing only
