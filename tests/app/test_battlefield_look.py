"""The Little Soldiers table's look is built once per battlefield and handed
out as copies (``app.games.little_soldiers.drawing.battlefield_look``): each
copy is a node of its own over the same built geometry, removing one leaves
the next whole, and another battlefield gets its own look."""

from __future__ import annotations

import pytest

pytest.importorskip("panda3d")

from app.games.little_soldiers.drawing import battlefield_look
from engine.little_soldiers.battlefields import load_battlefield


def _geoms(node) -> list:
    found = node.findAllMatches("**/+GeomNode")
    return [found[i].node().getGeom(k) for i in range(found.getNumPaths()) for k in range(found[i].node().getNumGeoms())]


def test_a_battlefield_s_look_is_built_once_and_handed_out_as_copies() -> None:
    bf = load_battlefield("levels/little_soldiers/bootcamp.json")
    first, second = battlefield_look(bf), battlefield_look(bf)
    assert first != second and first.node() is not second.node()
    shared = _geoms(first)
    assert shared and [g.this for g in _geoms(second)] == [g.this for g in shared]  # the same geometry, not rebuilt
    first.removeNode()
    third = battlefield_look(bf)
    assert len(_geoms(third)) == len(shared)
    other = battlefield_look(load_battlefield("levels/little_soldiers/king-of-the-hill.json"))
    assert not {g.this for g in _geoms(other)} & {g.this for g in shared}
