"""The editor window's state driven headless: tools, picking, drags that undo
as one step, keys, numeric fields, the live problem list, balance, terrains."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from app.editor.session import EditorSession

ROOT = Path(__file__).resolve().parents[2]


def test_tools_click_drag_keys_and_fields(tmp_path):
    s = EditorSession.open(tmp_path / "new.json")
    assert s.mode == "battlefield" and s.data["scenery"] == []
    s.tool = "box"
    s.click(30.4, 40.2)
    assert s.selection.kind == "piece" and s.data["scenery"][0]["at"] == [30.0, 40.0, 0.0]
    s.tool = "select"
    assert s.begin_drag(31, 41)
    for x in (33, 36.2, 40.7):
        s.drag(x, 41)
    s.end_drag()
    assert s.data["scenery"][0]["at"][:2] == [40.0, 40.0]
    s.key("ctrl+z")  # the whole drag is one step
    assert s.data["scenery"][0]["at"][:2] == [30.0, 40.0]
    s.key("ctrl+y")
    s.key("r")
    s.key("page up")
    assert s.fields()["rotation"] == 15.0 and s.fields()["height"] == 9.0
    s.set_field("height", 12.5)
    s.set_field("x", 55)
    assert s.fields()["height"] == 12.5 and s.fields()["x"] == 55.0
    # a box added on top of a piece is stacked on it
    s.tool = "box"
    s.click(55, 40)
    top = s.data["scenery"][1]
    assert top["at"][2] == 12.5
    s.tool = "level-1"
    s.click(55, 40)  # tags the highest piece under the point
    assert s.data["scenery"][1]["level"] == 1
    s.tool = "object"
    s.click(55, 40)
    assert s.data["scenery"][1]["object"] == "teleporter"
    s.tool = "select"
    s.click(55, 40)
    s.key("delete")
    assert [p["id"] for p in s.data["scenery"]] == ["box-1"]


def test_live_problems_and_refused_save(tmp_path):
    s = EditorSession.open(tmp_path / "t.json")
    s.tool = "box"
    s.click(30, 30)
    assert s.tool == "select"  # placed: the tool goes back to Select
    s.tool = "box"
    s.click(80, 30)
    s.tool = "crate"
    s.click(80, 30)
    assert s.problems() == ["Crate token (green) at (80, 30) is inside the scenery 'box-2'."]
    assert not s.save()
    assert s.message == "Not saved: 1 problem (listed on the right)."
    assert not (tmp_path / "t.json").exists()
    s.tool = "select"
    s.begin_drag(80, 30)  # the token is picked before the box under it
    s.drag(80, 20)
    s.end_drag()
    assert s.problems() == []
    assert s.save() and json.loads((tmp_path / "t.json").read_text()) == s.data


def test_balance_view_on_a_shipped_level():
    s = EditorSession.open(ROOT / "levels" / "little_soldiers" / "levels.json")
    b = s.balance()
    assert b.fairness > 0.95 and "fairness" in b.summary()
    assert s.balance() is b  # cached until the next edit
    s.tool = "box"
    s.click(10, 40)
    assert s.balance() is not b


def test_terrain_board_mode(tmp_path):
    path = tmp_path / "castle.json"
    shutil.copy(ROOT / "levels" / "toy_battle" / "castle-field.json", path)
    s = EditorSession.open(path)
    assert s.mode == "terrain" and s.problems() == []
    s.tool = "base"
    s.click(50, 50)
    nid = s.selection.key
    assert s.problems() == [f"paths: the terrain is not connected: {nid} cannot be reached from 1."]
    s.tool = "connect"
    s.click(50, 50)
    s.click(*s.data["bases"]["11"]["pos"])
    assert [nid, "11"] in s.data["paths"]
    assert s.problems() == []
    s.tool = "special"
    s.click(50, 50)
    assert s.data["bases"][nid]["special"] is not None
    s.tool = "select"
    s.begin_drag(50, 50)
    s.drag(60, 55)
    s.end_drag()
    assert s.data["bases"][nid]["pos"] == [60.0, 55.0]
    s.set_objective(99)
    assert s.problems()[-1].startswith("objective: 99 medals can never be reached")
    s.key("ctrl+z")
    assert s.problems() == []
    assert s.save()


def test_placing_returns_to_select_and_the_ray_picks_the_piece_seen(tmp_path):
    """Issue 12, editor: after adding a box a click selected nothing new but
    stacked another; pieces were picked on the table plane, so a piece on top
    of another (or in front of it) could not be clicked."""
    s = EditorSession.open(tmp_path / "new.json")
    s.tool = "box"
    s.click(30, 40)  # box-1, 10 x 8 x 8
    assert s.tool == "select" and s.selection.key == "box-1"
    s.tool = "box"
    s.click(30, 40)  # box-2 on top of it
    assert s.data["scenery"][1]["at"][2] == 8.0
    s.click(60, 40)  # the tool is Select again: this selects (nothing there), adds nothing
    assert len(s.data["scenery"]) == 2 and s.selection is None
    # a ray from high on the left, down through box-2's side: box-2 is met first,
    # though the point on the table plane behind lies beyond both boxes
    ray = ((0.0, 40.0, 30.0), (30.0, 40.0, 12.0))
    piece, at = s.pick_ray(*ray)
    assert piece == "box-2" and 8.0 <= at[2] <= 16.0
    s.click(45.0, 40.0, ray)
    assert s.selection.key == "box-2"
    assert s.pick_ray((0.0, 0.0, 30.0), (1.0, 0.0, 29.0)) is None  # misses everything


def test_a_piece_typed_into_the_air_is_drawn_marked_and_undo_steps_one_edit(tmp_path):
    """Undo once left an empty table ('z = 27 but no scenery top is there to
    rest on'): a typed height that leaves a piece in the air is made, and the
    piece drawn there, marked, until it is mended; a drop or a drag that
    would do the same is refused and changes nothing. Undo and redo step one
    edit each."""
    import pytest

    from app.editor.document import SetValue
    from app.editor.placing import Refused

    s = EditorSession.open(tmp_path / "new.json")
    s.tool = "box"
    s.click(30, 40)
    s.apply(SetValue(("scenery", 0, "rotation"), 15.0))
    before, depth = json.dumps(s.data), s.doc.depth
    with pytest.raises(Refused, match="z = 27 but no scenery top is there to rest on"):
        s.apply(SetValue(("scenery", 0, "at"), [30.0, 40.0, 27.0]), keep_placed=True)
    assert json.dumps(s.data) == before and s.doc.depth == depth and not s.doc.can_redo()
    assert s.type_field("z", "27")
    view = s.drawable()
    assert [(st.id, st.bottom) for st in view.strays] == [("box-1", 27.0)] and "box-1" in view.marked()
    assert any("rest on" in p for p in s.problems())
    s.undo()
    assert s.battlefield() is not None and s.data["scenery"][0]["rotation"] == 15.0
    s.undo()
    assert s.data["scenery"][0]["rotation"] == 0.0
    s.redo()
    assert s.data["scenery"][0]["rotation"] == 15.0
