"""Issue 27, 'The editor always draws the table', headless: whatever the
document holds every piece is drawn and the ones with problems are marked; a
click on a problem selects its piece; a piece dropped on a top lands on it;
one mouse gesture is one undo step; Save as, a new battlefield, and the
battlefields that come with Toybox kept as they shipped."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest

from app.editor.document import SetValue
from app.editor.session import EditorSession

ROOT = Path(__file__).resolve().parents[2]
BOOTCAMP = ROOT / "levels" / "little_soldiers" / "bootcamp.json"
CAMERA = (28.0, -60.0, 80.0)
"""An eye in front of the table and above it, as the editor's camera looks."""


def _ray_to(point: tuple[float, float, float]) -> tuple[tuple[float, float, float], tuple[float, float]]:
    """The mouse's ray from the camera through ``point`` and where it meets the table plane
    (what the window passes: the table point lies behind a tall piece)."""
    d = [point[i] - CAMERA[i] for i in range(3)]
    k = -CAMERA[2] / d[2]
    return (CAMERA, point), (CAMERA[0] + k * d[0], CAMERA[1] + k * d[1])


@pytest.fixture
def household(tmp_path):
    path = tmp_path / "bootcamp.json"
    shutil.copy(BOOTCAMP, path)
    return EditorSession.open(path)


def test_blocks_clicked_onto_the_standing_cereal_box_land_on_its_top(household):
    """Household -> blocks clicked onto the top of the standing cereal box: the
    blocks were put at the table point behind the box, 27 cm in the air, and
    the editor drew only the green mat; Undo brought the table back, Redo
    blanked it again. They land on the top where the mouse points."""
    s = household
    box = s.battlefield().solid("cereal-box")
    assert box.top == pytest.approx(27.0)
    ray, table = _ray_to((28.0, 44.0, 27.0))
    assert not box.footprint.buffer(1.0).contains(__import__("shapely").Point(table))  # the table point lies behind it
    s.set_tool("household")
    s.kit_kind = "blocks"
    s.click(*table, ray)
    blocks = s.data["scenery"][-1]
    assert blocks["shape"]["kind"] == "blocks" and blocks["at"] == [28.0, 44.0, 27.0], blocks
    assert s.battlefield() is not None and s.problems() == []
    assert s.selection.key == blocks["id"] and "cereal box" in s.message
    for step in (s.undo, s.redo, s.undo, s.redo):
        step()
        assert s.battlefield() is not None  # never an empty table


def test_a_drop_near_the_edge_of_a_small_top_snaps_onto_it(tmp_path):
    """A snapped point off a small top would leave the piece in the air: it
    snaps to the top's middle instead."""
    s = EditorSession.open(tmp_path / "new.json")
    s.set_tool("cylinder")
    s.click(30.0, 40.0)  # a can 4 cm across
    s.step = 10.0  # a coarse grid: the click's point snaps 4 cm away, off the can's top
    s.set_tool("box")
    ray, table = _ray_to((31.2, 41.4, 10.0))
    s.click(*table, ray)
    box = s.data["scenery"][-1]
    assert box["at"][2] == 10.0 and math.dist(box["at"][:2], (30.0, 40.0)) < 1.9, box
    assert s.battlefield() is not None


def test_whatever_the_document_holds_every_piece_is_drawn_and_marked(tmp_path):
    """A file holding a piece in the air (the loader refuses the whole file
    for it): the others load, it is drawn where the file puts it, the list
    names it, the table marks it, a click on the problem selects it and a
    click on it picks it."""
    data = json.loads(BOOTCAMP.read_text())
    data["scenery"].append({"id": "kite", "shape": {"box": [6.0, 6.0, 2.0]}, "at": [90.0, 20.0, 27.0]})
    data["scenery"].append({"id": "kite", "shape": {"box": [4.0, 4.0, 4.0]}, "at": [70.0, 20.0, 0.0]})  # a duplicate id
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    s = EditorSession.open(path)
    view = s.drawable()
    assert view.battlefield is not None and len(view.battlefield.scenery) == len(data["scenery"]) - 2
    assert {st.index for st in view.strays} == {len(data["scenery"]) - 2, len(data["scenery"]) - 1}
    floating = next(st for st in view.strays if st.index == len(data["scenery"]) - 2)
    assert floating.solid is not None and floating.bottom == pytest.approx(27.0) and floating.top == pytest.approx(29.0)
    problems = s.problems()
    assert any("kite" in p and "rest on" in p for p in problems)
    assert any("kite" in p and "duplicate" in p for p in problems)
    assert "kite" in view.marked()
    index = next(i for i, p in enumerate(problems) if "rest on" in p)
    assert s.select_problem(index) and s.selection.key == "kite"
    s.selection = None
    ray, table = _ray_to((90.0, 20.0, 29.0))
    assert s.pick(*table, ray).key == "kite"
    # an edit elsewhere is allowed on a broken document; bringing the kite down mends it
    s.apply(SetValue(("scenery", len(data["scenery"]) - 2, "at"), [90.0, 20.0, 0.0]))
    assert not any("rest on" in p for p in s.problems())


def test_design_problems_name_their_pieces_and_select_them(household):
    """An overlap is listed and marked on both pieces; its line selects the first."""
    s = household
    i = next(k for k, p in enumerate(s.data["scenery"]) if p["id"] == "cereal-box")
    lid = next(p for p in s.data["scenery"] if p["id"] != "cereal-box" and p["at"][2] == 0.0)
    s.apply(SetValue(("scenery", i, "at"), [lid["at"][0], lid["at"][1], 0.0]))
    marked = s.drawable().marked()
    assert {"cereal-box", lid["id"]} <= marked
    overlap = next(k for k, p in enumerate(s.problems()) if "overlaps" in p)
    assert s.select_problem(overlap) and s.selection.key in ("cereal-box", lid["id"])
    assert not s.select_problem(len(s.problems()) + 3)


def test_a_drag_by_the_body_is_one_step_and_ends_where_the_mouse_is(household):
    """Dragging a piece by its body: the mouse-up came before the frame that
    saw the last move (a slow frame), so the piece stayed behind; every frame
    of the drag and the drop are one undo step."""
    s = household
    start = list(s.data["scenery"][0]["at"])
    ray, table = _ray_to((start[0], start[1] - 3.5, 10.0))  # the box's front face
    assert s.begin_drag(*table, ray) and s.selection.key == "cereal-box"
    s.drag(table[0] + 3.0, table[1])
    s.end_drag(table[0] + 12.0, table[1] - 6.0)  # released further on: it follows to there
    assert s.data["scenery"][0]["at"][:2] == [start[0] + 12.0, start[1] - 6.0]
    assert not s.dragging
    s.undo()
    assert s.data["scenery"][0]["at"] == start
    s.undo()
    assert s.message == "Nothing to undo."


def test_a_turn_by_the_ring_is_one_step(household):
    s = household
    s.selection = s.pick(28.0, 44.0)
    for angle in (10.0, 31.0, 47.0, 92.0):
        s.turn_to(angle)
    s.end_drag()
    assert s.data["scenery"][0]["rotation"] == 90.0
    s.undo()
    assert float(s.data["scenery"][0]["rotation"]) == 0.0
    assert s.message == "Undone." and not s.doc.can_undo()


def test_a_battlefield_that_comes_with_toybox_is_kept_and_saved_under_a_name(monkeypatch, tmp_path):
    """Save wrote the open file: for a shipped battlefield, a file of the
    project. It now says so and Save as writes the player's folder."""
    monkeypatch.setenv("TOYBOX_HOME", str(tmp_path / "home"))
    shipped = BOOTCAMP.read_bytes()
    s = EditorSession.open(BOOTCAMP)
    assert s.read_only and s.needs_name()
    s.key("r") if s.selection else None
    s.selection = s.pick(28.0, 44.0)
    s.key("r")
    assert not s.save() and "Save as" in s.message
    assert not s.save_as("  ") and s.message
    assert s.save_as("My kitchen"), s.message
    saved = tmp_path / "home" / "levels" / "battlefield" / "my-kitchen.json"
    assert s.doc.path == saved and saved.is_file() and not s.read_only
    assert json.loads(saved.read_text())["name"] == "My kitchen"
    assert BOOTCAMP.read_bytes() == shipped  # the project's file is as it shipped
    s.key("r")
    assert s.save() and s.message == "Saved my-kitchen.json."  # from now on Save writes the player's file


def test_a_new_battlefield_asks_for_its_name(monkeypatch, tmp_path):
    monkeypatch.setenv("TOYBOX_HOME", str(tmp_path / "home"))
    s = EditorSession.open(None)
    assert s.data["scenery"] == [] and s.needs_name() and not s.read_only
    s.set_tool("box")
    s.click(50.0, 40.0)
    assert not s.save() and "Save as" in s.message
    assert s.save_as("Bathroom") and (tmp_path / "home" / "levels" / "battlefield" / "bathroom.json").is_file()


def test_the_start_screens_editor_tab_says_what_save_does_in_words(tmp_path):
    """Seen live: the editor tab read "Edits levels/little_soldiers/bootcamp.json (Save
    writes that file ...)": a path on the screen, and no longer true, as a level that
    comes with Toybox is kept as shipped."""
    from app.shell.start_screen import editor_file_line

    shipped = editor_file_line(BOOTCAMP)
    assert "Bootcamp" in shipped and "Save as" in shipped, shipped
    assert "/" not in shipped and ".json" not in shipped and "writes that file" not in shipped, shipped
    own = tmp_path / "my-kitchen.json"
    shutil.copy(BOOTCAMP, own)
    data = json.loads(own.read_text())
    data["name"] = "My kitchen"
    own.write_text(json.dumps(data))
    line = editor_file_line(own)
    assert "My kitchen" in line and "of your own" in line and "/" not in line, line


def test_the_editor_tab_names_levels_as_the_game_tabs_do():
    """Seen live: the editor tab's buttons read 'castle field', 'bootcamp box' (the files'
    names) where the game tabs read 'Castle Field', 'Bootcamp: the two box halves'."""
    from app.shell.start_screen import editor_choices, level_file_title, level_title

    choices = editor_choices()
    terrains = {p.stem: level_file_title(p) for p in choices["Terrain"]}
    assert terrains["castle-field"] == level_title("toy-battle", "castle-field") == "Castle Field"
    battlefields = {p.stem: level_file_title(p) for p in choices["Battlefield"]}
    assert battlefields["bootcamp-box"] == level_title("little-soldiers", "bootcamp-box")
    assert all(title != stem.replace("-", " ") for stem, title in {**terrains, **battlefields}.items()), \
        "every shipped level has a name of its own"
