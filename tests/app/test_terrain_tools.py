"""The terrain editor's tools, driven headless: add, move, connect, tag, save, reload."""

from __future__ import annotations

import json

import pytest

from app.editor.document import LevelDocument, LevelInvalid
from app.editor.terrain_tools import (
    add_base,
    add_hq,
    add_region,
    connect,
    disconnect,
    move_node,
    new_terrain,
    open_terrain,
    remove_node,
    set_objective,
    set_special,
    terrain_problems,
)
from engine.toy_battle.terrain import LEVELS_DIR, Terrain


def _doc() -> LevelDocument:
    return LevelDocument(new_terrain("Test"), terrain_problems)


def test_new_terrain_is_valid():
    assert terrain_problems(new_terrain()) == []


def test_every_shipped_terrain_is_valid_in_the_editor():
    for path in sorted(LEVELS_DIR.glob("*.json")):
        assert open_terrain(str(path)).problems() == [], path.name


def test_build_a_triangle_region_then_save_and_reload(tmp_path):
    doc = _doc()
    edit, b = add_base(doc.data, (2.0, 3.0))
    doc.apply(edit)
    assert b == "13"
    doc.apply(connect(doc.data, "12", b))
    doc.apply(connect(doc.data, b, "41"))
    doc.apply(add_region(doc.data, ["12", b], 2))  # closed through the red H.Q.: 12-13-41
    doc.apply(set_objective(2))
    doc.apply(set_special(doc.data, b, "draw-1"))
    doc.apply(move_node(doc.data, "11", (-1.5, 2.0)))
    assert doc.problems() == []
    path = doc.save(tmp_path / "mine.json")
    terrain = Terrain.load(path)
    assert terrain.neighbours("13") == ("12", "41")
    assert terrain.regions[1].medals == 2 and terrain.special[terrain.node("13")] == "draw-1"
    assert json.loads(path.read_text())["bases"]["11"]["pos"] == [-1.5, 2.0]


def test_an_open_region_is_reported_and_saving_is_refused(tmp_path):
    doc = _doc()
    edit, b = add_base(doc.data, (3.0, 3.0))
    doc.apply(edit)
    doc.apply(connect(doc.data, "12", b))
    doc.apply(add_region(doc.data, ["12", b], 1))
    assert doc.problems() == ["regions[1]: the region is not closed by paths (open at 13)."]
    with pytest.raises(LevelInvalid):
        doc.save(tmp_path / "x.json")


def test_a_disconnected_terrain_is_reported_with_the_engine_sentence():
    doc = _doc()
    doc.apply(disconnect(doc.data, "11", "41"))
    doc.apply(disconnect(doc.data, "12", "41"))
    assert doc.problems() == ["paths: the terrain is not connected: 41 cannot be reached from 1."]
    doc.undo()
    assert doc.problems() == []


def test_unreachable_objective_is_reported():
    doc = _doc()
    doc.apply(set_objective(3))
    assert doc.problems() == ["objective: 3 medals can never be reached; the regions hold 1."]


def test_add_hq_and_remove_node_undo_as_one_step():
    doc = _doc()
    edit, hq = add_hq(doc.data, "blue", (2.0, 0.0))
    doc.apply(edit)
    doc.apply(connect(doc.data, hq, "11"))
    assert doc.data["hqs"]["blue"] == ["1", "2"] and doc.problems() == []
    before = json.dumps(doc.data, sort_keys=True)
    doc.apply(remove_node(doc.data, "11"))
    assert "11" not in doc.data["bases"] and all("11" not in p for p in doc.data["paths"])
    assert doc.data["regions"][0]["bases"] == ["12"]
    doc.undo()
    assert json.dumps(doc.data, sort_keys=True) == before
