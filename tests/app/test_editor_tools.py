"""The editor window's newer gestures, driven headless through the session:
typed fields, drawing and resizing the play zone on a grid, importing a
mesh through the in-window file picker, reshaping hatched zones by their
corners, stacking by dragging, Toy Battle medals and objective, and the
shortcut table the window's help line is printed from."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from app.editor.fields import parse_field
from app.editor.file_picker import FilePicker
from app.editor.session import EditorSession, Handle, Selection
from app.editor.shortcuts import SESSION_KEYS, SHORTCUTS, help_lines, key_name

ROOT = Path(__file__).resolve().parents[2]


def session_with_box(tmp_path: Path) -> EditorSession:
    s = EditorSession.open(tmp_path / "t.json", root=tmp_path)
    s.set_tool("box")
    s.click(30, 40)
    s.set_tool("select")
    return s


# --- 1. typed numeric fields ------------------------------------------------------------


def test_typed_fields_each_make_one_undoable_edit(tmp_path):
    s = session_with_box(tmp_path)
    assert s.editable() == ("x", "y", "z", "rotation", "width", "depth", "height", "scale")
    for name, text in (("x", "42.5"), ("y", "35,5"), ("rotation", "30°"), ("width", "12 cm"), ("depth", "6"),
                       ("height", "9"), ("scale", "2")):
        assert s.type_field(name, text), s.message
    f = s.fields()
    assert (f["x"], f["y"], f["rotation"]) == (42.5, 35.5, 30.0)
    assert (f["width"], f["depth"], f["height"]) == (24.0, 12.0, 18.0)  # the scale doubled them
    assert s.message == "Scale set to 2."
    s.key("ctrl+z")  # one step: the scale
    assert (s.fields()["width"], s.fields()["height"]) == (12.0, 9.0)
    for _ in range(6):
        s.key("ctrl+z")
    assert s.data["scenery"][0]["at"] == [30.0, 40.0, 0.0] and s.data["scenery"][0]["shape"]["box"] == [10, 8, 8]


@pytest.mark.parametrize("name, text, sentence", [
    ("x", "abc", "'abc' is not a number; type the x (cm) as digits, e.g. 12.5."),
    ("height", "-3", "The height (cm) must be more than 0."),
    ("width", "", "Type a number for the width (cm)."),
    ("z", "-1", "The z (cm) is the height of the piece's bottom; it cannot be below the table (0)."),
    ("radius", "4", "'box 1 (block)' is not a cylinder; type its height or scale."),
    ("x", "inf", "The x (cm) must be a finite number."),
])
def test_bad_input_gets_a_sentence_and_changes_nothing(tmp_path, name, text, sentence):
    s = session_with_box(tmp_path)
    before = json.dumps(s.data)
    assert not s.type_field(name, text)
    assert s.message == sentence
    assert json.dumps(s.data) == before


def test_typed_z_lifts_what_rests_on_the_piece(tmp_path):
    s = session_with_box(tmp_path)
    s.set_tool("box")
    s.click(30, 40)  # stacked on box-1
    assert s.data["scenery"][1]["at"][2] == 8.0
    s.selection = Selection("piece", "box-1")
    assert s.type_field("z", "3")
    assert s.problems() == ["Scenery 'box-1' (scenery[0].at): z = 3 but no scenery top is there to rest on"]  # live
    assert s.data["scenery"][1]["at"][2] == 11.0
    s.key("ctrl+z")
    assert [p["at"][2] for p in s.data["scenery"]] == [0.0, 8.0] and s.problems() == []


def test_parse_field_reads_whole_medals_only():
    assert parse_field("medals", "3") == 3 and isinstance(parse_field("medals", "3"), int)
    with pytest.raises(ValueError, match="whole number"):
        parse_field("medals", "2.5")


# --- 2. the play zone ------------------------------------------------------------------


def test_draw_the_play_zone_on_the_grid_and_undo_it(tmp_path):
    s = session_with_box(tmp_path)
    s.set_tool("play-zone")
    assert "Click the play zone's corners" in s.message
    for x, y in ((0.4, -0.3), (100.2, 0), (100, 70.6), (0, 70)):
        s.click(x, y)
    assert s.draft == [(0.0, 0.0), (100.0, 0.0), (100.0, 71.0), (0.0, 70.0)]
    s.click(0.5, 0.5)  # the first corner again closes the outline
    assert s.data["play_zone"] == [[0, 0], [100, 0], [100, 71], [0, 70]] and s.draft == []
    assert s.message == "Play zone drawn with 4 corners."
    s.key("ctrl+z")
    assert s.data["play_zone"][2] == [120.0, 80.0]
    s.key("g")  # grid off: corners land where clicked
    assert not s.snapping and s.message == "Grid snap 1 cm: off."
    for x, y in ((0, 0), (50.3, 0), (25, 40.7)):
        s.click(x, y)
    s.key("enter")
    assert s.data["play_zone"] == [[0, 0], [50.3, 0], [25, 40.7]]
    assert s.problems() == ["Scenery 'box-1' sticks out of the play zone."]  # validation is live


def test_drag_a_play_zone_corner_to_resize_it_live(tmp_path):
    s = session_with_box(tmp_path)
    s.set_tool("play-zone")
    assert s.begin_drag(119.5, 79.2)  # the far corner's handle
    s.drag(60.2, 70)
    assert s.data["play_zone"][2] == [60.0, 70.0]
    s.drag(20.3, 30)
    assert s.problems() == ["Scenery 'box-1' sticks out of the play zone."]
    s.drag(90, 60)
    s.end_drag()
    assert s.problems() == [] and s.data["play_zone"][2] == [90.0, 60.0]
    s.key("ctrl+z")  # the whole drag is one step
    assert s.data["play_zone"][2] == [120.0, 80.0]
    s.key("escape")
    assert not s.begin_drag(60, 40)  # no handle there, and the tool is not select


# --- 3. importing a mesh -----------------------------------------------------------------


def test_pick_a_mesh_in_the_file_picker_and_import_it(tmp_path):
    import trimesh

    folder = tmp_path / "models"
    (folder / "props").mkdir(parents=True)
    trimesh.creation.box((6, 4, 10)).export(folder / "props" / "Tin Can.stl")
    (folder / "notes.txt").write_text("not a mesh")
    (folder / "broken.obj").write_text("nonsense")
    s = EditorSession.open(tmp_path / "t.json", root=tmp_path)
    s.import_folder = folder
    s.set_tool("mesh")
    s.click(40.2, 30)
    assert s.picker is not None
    assert [e.label for e in s.picker.entries()] == ["..", "props/", "broken.obj"]
    assert not s.choose_file("broken.obj")
    assert s.message.startswith("Not imported: broken.obj") and s.data["scenery"] == []
    s.click(40.2, 30)
    assert not s.choose_file("props")  # into the folder
    assert [e.label for e in s.picker.entries()] == ["..", "Tin Can.stl"]
    assert s.choose_file("Tin Can.stl")
    piece = s.data["scenery"][0]
    assert piece["id"] == "tin-can-1" and piece["at"] == [40.0, 30.0, 0.0]
    assert (tmp_path / "meshes" / "scenery" / "tin-can-1.stl").is_file()
    assert s.selection == Selection("piece", "tin-can-1") and s.picker is None
    assert abs(s.fields()["height"] - 10.0) < 1e-6  # an STL is z-up, as the table
    assert s.type_field("height", "12") and abs(s.fields()["scale"] - 1.2) < 1e-6
    assert s.problems() == [] and s.save() and s.message == "Saved t.json."


def test_the_picker_goes_up_and_refuses_other_files(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b.txt").write_text("x")
    p = FilePicker(tmp_path / "a")
    p.choose("..")
    assert p.folder == tmp_path.resolve()
    with pytest.raises(ValueError, match="imports"):
        p.choose("b.txt")


# --- 4. hatched zones by their corners ----------------------------------------------------


def test_reshape_a_hatched_zone_by_dragging_a_corner(tmp_path):
    s = session_with_box(tmp_path)
    s.set_tool("hatched-green")
    s.click(30, 40)  # a 30 cm square around box-1, selected
    s.set_tool("select")
    assert [at for _, at in s.handles()] == [(15, 25), (45, 25), (45, 55), (15, 55)]
    assert s.begin_drag(45.6, 55.4)
    s.drag(60.3, 70)
    s.end_drag()
    assert s.data["zones"][0]["polygon"][2] == [60.0, 70.0]
    assert s.selection == Selection("zone", 0)
    s.key("ctrl+z")
    assert s.data["zones"][0]["polygon"][2] == [45.0, 55.0]
    assert s.handle_at(15.5, 25) == Handle(0, 0)


# --- 6. stacking by dragging ----------------------------------------------------------------


def test_dragging_a_piece_onto_another_stacks_it_and_off_puts_it_down(tmp_path):
    s = session_with_box(tmp_path)
    s.set_tool("box")
    s.click(70, 40)
    s.set_tool("select")
    assert s.begin_drag(70, 40)
    s.drag(50, 40)
    assert s.data["scenery"][1]["at"] == [50.0, 40.0, 0.0]
    s.drag(31, 41)  # centre over box-1: on its top
    assert s.data["scenery"][1]["at"] == [31.0, 41.0, 8.0]
    s.end_drag()
    assert s.problems() == []
    assert s.begin_drag(25.4, 36.4)  # box-1 (where box-2 is not) carries box-2 along
    s.drag(55.4, 16.4)
    s.end_drag()
    assert [p["at"] for p in s.data["scenery"]] == [[60.0, 20.0, 0.0], [61.0, 21.0, 8.0]]
    assert s.begin_drag(61, 21) and s.selection == Selection("piece", "box-2")  # the higher piece
    s.drag(90, 60)
    s.end_drag()
    assert s.data["scenery"][1]["at"] == [90.0, 60.0, 0.0]


# --- 5. Toy Battle medals and objective ------------------------------------------------------


def test_type_a_regions_medals_and_the_objective(tmp_path):
    path = tmp_path / "castle.json"
    shutil.copy(ROOT / "levels" / "toy_battle" / "castle-field.json", path)
    s = EditorSession.open(path)
    assert list(s.fields()) == ["objective"] and s.editable() == ("objective",)
    region = s.data["regions"][0]
    s.click(*region["pos"])
    assert s.selection == Selection("region", 0)
    assert s.editable() == ("objective", "medals")
    assert s.type_field("medals", "3") and s.data["regions"][0]["medals"] == 3
    assert not s.type_field("medals", "0") and s.message == "The medals must be more than 0."
    total = sum(r["medals"] for r in s.data["regions"])
    assert s.type_field("objective", str(total + 1))
    assert s.problems() == [f"objective: {total + 1} medals can never be reached; the regions hold {total}."]
    s.key("ctrl+z")
    s.key("ctrl+z")
    assert s.data["regions"][0]["medals"] == region["medals"] and s.problems() == []
    s.key("delete")
    assert len(s.data["regions"]) == len(json.loads(path.read_text())["regions"]) - 1


# --- 8. shortcuts and the help line ---------------------------------------------------------


def test_every_listed_shortcut_is_handled_and_in_the_help_line(tmp_path):
    keys = "  |  ".join(help_lines()[1:])
    for sc in SHORTCUTS:
        assert f"{sc.label}: {sc.does}" in keys
    assert "B: balance" not in "".join(help_lines(terrain=True))
    for name in sorted(SESSION_KEYS):
        s = session_with_box(tmp_path)
        s.selection = Selection("piece", "box-1")
        before = (json.dumps(s.data), s.snapping, s.message)
        assert s.key(name), name
        if name not in ("ctrl+z", "ctrl+y", "ctrl+shift+z", "enter", "escape"):
            assert (json.dumps(s.data), s.snapping, s.message) != before, name
    assert not session_with_box(tmp_path).key("q")


def test_key_names_from_ursina_events():
    assert key_name("z", ctrl=True, shift=False) == "ctrl+z"
    assert key_name("z", ctrl=True, shift=True) == "ctrl+shift+z"
    assert key_name("r", ctrl=False, shift=True) == "shift+r"
    assert key_name("g", ctrl=False, shift=True) == "g"
    assert key_name("page up", ctrl=False, shift=False) == "page up"
    assert key_name("z up", ctrl=True, shift=False) == "z up"


def test_save_status_says_saved_or_how_many_problems(tmp_path):
    s = session_with_box(tmp_path)
    s.set_tool("box")
    s.click(60, 40)
    s.set_tool("box")
    s.click(60, 10)
    s.set_tool("select")
    s.selection = Selection("piece", "box-2")
    s.type_field("x", "33")
    s.key("ctrl+s")
    assert s.message == "Not saved: 1 problem (listed on the right)." and not (tmp_path / "t.json").exists()
    s.selection = Selection("piece", "box-3")
    s.type_field("x", "33")
    s.type_field("y", "40")
    s.key("ctrl+s")
    assert s.message == "Not saved: 3 problems (listed on the right)."
    for _ in range(3):
        s.key("ctrl+z")
    s.key("ctrl+s")
    assert s.message == "Saved t.json." and (tmp_path / "t.json").is_file()


# --- 3b. `toybox edit FILE --import MESH` --------------------------------------------------


def test_cli_import_without_a_display_adds_the_mesh_and_saves(tmp_path, monkeypatch, capsys):
    import trimesh

    from app.editor import window as editor_window
    from app.shell.cli import main

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    opened = EditorSession.open
    monkeypatch.setattr(editor_window.EditorSession, "open", lambda path: opened(path, root=tmp_path))
    mesh = tmp_path / "jar.obj"
    trimesh.creation.cylinder(radius=3, height=9).export(mesh)
    level = tmp_path / "mine.json"
    assert main(["edit", str(level), "--import", str(mesh)]) == 0
    assert capsys.readouterr().out.strip() == "toybox edit: Saved mine.json."
    piece = json.loads(level.read_text())["scenery"][0]
    assert piece["id"] == "jar-1" and piece["at"] == [60.0, 40.0, 0.0]
    assert main(["edit", str(level), "--import", str(tmp_path / "nope.stl")]) == 2  # bad input
    assert "Not imported: nope.stl" in capsys.readouterr().err
