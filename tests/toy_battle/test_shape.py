"""Issue 24's shape rules for the two card-and-tile games, read from the source with ``ast``:
``ToyBattleState`` (773 lines before the split) and every other class of Toy Battle and
Little Battle under 600 lines, mixins counted with their class, and no import cycle among
their modules (imports inside functions count; ``TYPE_CHECKING`` ones do not)."""

from __future__ import annotations

import networkx as nx

from tests.app.test_app_shape import MAX_CLASS_LINES, class_lines, import_graph

PACKAGES = ("engine.toy_battle", "engine.little_battle")


def test_no_class_of_the_two_games_is_over_600_lines():
    lines = {k: v for k, v in class_lines("engine").items() if k.startswith(PACKAGES)}
    assert 100 < lines["engine.toy_battle.state.ToyBattleState"] <= MAX_CLASS_LINES
    assert {k: v for k, v in lines.items() if v > MAX_CLASS_LINES} == {}


def test_no_import_cycle_through_the_two_games_modules():
    graph = import_graph("engine")
    assert graph.subgraph([m for m in graph if m.startswith(PACKAGES)]).number_of_edges() > 20  # the walk found them
    assert [c for c in nx.simple_cycles(graph) if any(m.startswith(PACKAGES) for m in c)] == []
