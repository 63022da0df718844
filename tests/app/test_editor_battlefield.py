"""The battlefield editor's tools, driven headless: add, move, tag, stack,
save, reload, compare; undo for every gesture; saving refused with the list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import trimesh

from app.editor import battlefield_tools as bt
from app.editor.document import LevelDocument, LevelInvalid
from engine.geometry import Battlefield

ROOT = Path(__file__).resolve().parents[2]


def _doc() -> LevelDocument:
    return LevelDocument(bt.new_battlefield("t", 100, 60), bt.battlefield_problems)


def test_add_move_tag_save_reload_compare(tmp_path):
    doc = _doc()
    edit, pid = bt.add_box(doc.data, (20, 10, 8), (30, 30, 0))
    doc.apply(edit)
    doc.apply(bt.move(doc.data, pid, (41.3, 22.8), step=1.0))
    doc.apply(bt.rotate(doc.data, pid, 97, step=15))
    doc.apply(bt.set_level(doc.data, pid, 1))
    doc.apply(bt.place_deployment(doc.data, 1, (5, 5)))
    path = doc.save(tmp_path / "t.json")
    again = bt.open_battlefield(path)
    assert again.data == doc.data
    bf = Battlefield.load(path)
    piece = bf.piece(pid)
    assert piece.at == (41.0, 23.0, 0.0) and piece.rotation == 90.0 and piece.level == 1
    assert bf.surface_at(41, 23) == pid and bf.surface_height(41, 23) == 8.0


def test_every_gesture_undoes_as_one_step():
    doc = _doc()
    start = json.loads(json.dumps(doc.data))
    edit, (low, high) = bt.add_hill(doc.data, (50, 30))
    doc.apply(edit)
    doc.apply(bt.move(doc.data, low, (60, 30)))
    states = [json.loads(json.dumps(doc.data))]
    # the hill moved as a whole: the high piece and the flag stay on top
    assert doc.data["scenery"][1]["at"][:2] == [60.0, 30.0]
    doc.undo()
    assert doc.data["scenery"][1]["at"][:2] == [50.0, 30.0]
    doc.undo()
    assert doc.data == start
    doc.redo()
    doc.redo()
    assert doc.data == states[0]


def test_set_height_and_scale_carry_the_stack():
    doc = _doc()
    e, low = bt.add_box(doc.data, (20, 20, 6), (30, 30, 0))
    doc.apply(e)
    e, high = bt.add_box(doc.data, (8, 8, 4), (0, 0, 0))
    doc.apply(e)
    doc.apply(bt.stack(doc.data, high, low))
    assert doc.data["scenery"][1]["at"] == [30.0, 30.0, 6.0]
    doc.apply(bt.set_height(doc.data, low, 9.5))
    assert doc.data["scenery"][1]["at"][2] == 9.5
    doc.apply(bt.scale(doc.data, low, 2.0))
    assert doc.data["scenery"][0]["shape"]["box"] == [40.0, 40.0, 19.0]
    assert doc.data["scenery"][1]["at"][2] == 19.0
    assert bt.battlefield_problems(doc.data) == []
    doc.apply(bt.delete_piece(doc.data, low))
    assert doc.data["scenery"] == []  # what rested on it goes too
    with pytest.raises(ValueError):
        bt.stack(doc.data, "x", "x")


def test_rotating_a_base_turns_what_is_on_it():
    doc = _doc()
    e, low = bt.add_box(doc.data, (20, 10, 5), (50, 30, 0))
    doc.apply(e)
    e, high = bt.add_box(doc.data, (4, 4, 3), (0, 0, 0))
    doc.apply(e)
    doc.apply(bt.stack(doc.data, high, low))
    doc.apply(bt.move(doc.data, high, (57, 30)))
    doc.apply(bt.rotate(doc.data, low, 90))
    x, y, z = doc.data["scenery"][1]["at"]
    assert (round(x, 6), round(y, 6), z) == (50.0, 37.0, 5.0)
    assert bt.battlefield_problems(doc.data) == []


def test_invalid_level_is_refused_with_the_list(tmp_path):
    doc = _doc()
    doc.apply(bt.add_box(doc.data, (10, 10, 10), (30, 30, 0), piece_id="a")[0])
    doc.apply(bt.add_box(doc.data, (10, 10, 10), (35, 30, 0), piece_id="b")[0])
    doc.apply(bt.add_crate(doc.data, (30, 30), "green"))
    with pytest.raises(LevelInvalid) as err:
        doc.save(tmp_path / "bad.json")
    assert err.value.problems == [
        "Scenery 'a' overlaps scenery 'b'.",
        "Crate token (green) at (30, 30) is inside the scenery 'a'.",
    ]
    assert not (tmp_path / "bad.json").exists()
    doc.apply(bt.move(doc.data, "b", (60, 30)))
    doc.apply(bt.move_token(doc.data, 0, (45, 30)))
    doc.save(tmp_path / "bad.json")


def test_tokens_zones_and_play_zone():
    doc = _doc()
    doc.apply(bt.resize_play_zone(80, 50))
    doc.apply(bt.add_hatched_zone(doc.data, "green", [(5, 5), (30, 5), (30, 40), (5, 40)]))
    assert bt.battlefield_problems(doc.data) == [
        "The green hatched zone holds no scenery; the Bootcamp asks for one or more pieces taller than the "
        "figurines (5 cm) in each hatched zone."
    ]
    doc.apply(bt.add_cylinder(doc.data, 3, 12, (15, 20, 0))[0])
    doc.apply(bt.place_deployment(doc.data, 2, (70, 10), side="yellow"))
    doc.apply(bt.place_deployment(doc.data, 2, (72, 10), side="yellow"))  # moves token 2
    doc.apply(bt.add_supplies(doc.data, (40, 25)))
    doc.apply(bt.add_force_field_switch(doc.data, (50, 25)))
    doc.apply(bt.add_threat(doc.data, (60, 40)))
    kinds = [(t["kind"], t["at"]) for t in doc.data["tokens"]]
    assert kinds == [("deployment", [72.0, 10.0]), ("supplies", [40.0, 25.0]),
                     ("force_field_switch", [50.0, 25.0]), ("threat_target", [60.0, 40.0])]
    assert doc.data["tokens"][-1]["threat"] == "pinky"  # a Threat the missions know, as the engine reads it
    assert bt.battlefield_problems(doc.data) == []
    doc.apply(bt.set_object(doc.data, "cylinder-1", "teleporter"))
    assert Battlefield.from_dict(doc.data).piece("cylinder-1").object == "teleporter"
    with pytest.raises(ValueError):
        bt.set_object(doc.data, "cylinder-1", "cannon")
    with pytest.raises(ValueError):
        bt.set_level(doc.data, "cylinder-1", 3)


@pytest.mark.parametrize("suffix", [".stl", ".obj", ".glb"])
def test_imported_meshes_are_copied_upright_into_meshes(tmp_path, suffix):
    mesh = trimesh.creation.box((4.0, 6.0, 10.0))  # tall along z
    src = tmp_path / f"vase{suffix}"
    if suffix == ".glb":
        # a glTF file is y-up: the tall axis is y in the file
        mesh = mesh.copy()
        mesh.apply_transform(trimesh.transformations.rotation_matrix(-1.5707963267948966, (1, 0, 0)))
    mesh.export(src)
    doc = _doc()
    edit, pid = bt.import_mesh(doc.data, src, (50, 30, 0), root=tmp_path)
    doc.apply(edit)
    stored = doc.data["scenery"][0]["shape"]["mesh"]
    assert stored == f"meshes/scenery/{pid}.stl" and (tmp_path / stored).is_file()
    bf = Battlefield.from_dict(doc.data, root=tmp_path)
    solid = bf.solid(pid)
    assert solid.bottom == 0.0 and abs(solid.top - 10.0) < 1e-6
    minx, miny, maxx, maxy = solid.footprint.bounds
    assert (round(minx, 6), round(maxx, 6), round(miny, 6), round(maxy, 6)) == (48.0, 52.0, 27.0, 33.0)
    doc.apply(bt.set_height(doc.data, pid, 5.0, root=tmp_path))
    assert abs(Battlefield.from_dict(doc.data, root=tmp_path).solid(pid).top - 5.0) < 1e-6


def test_a_file_that_is_not_a_mesh_is_refused(tmp_path):
    bad = tmp_path / "notes.obj"
    bad.write_text("hello\n")
    with pytest.raises(ValueError, match="notes.obj"):
        bt.import_mesh(_doc().data, bad, (10, 10, 0), root=tmp_path)


def test_the_shipped_levels_are_what_the_build_script_makes():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "levels/little_soldiers/make_levels.py", "--check"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "DIFFERS" not in out.stdout


def test_a_crate_and_a_deployment_token_placed_in_the_editor_show_their_colour_in_the_game(tmp_path):
    """Module Book, Advanced Tactics, B: the Crates go "into the Play Zone" with "different colors on the
    front and back", and a player activates those of their colour. The editor wrote the colour as ``side``,
    which the game never read: a Crate placed yellow took its colour by turns (the first came out green).
    It now writes ``colour``, and a file that still says ``side`` loads as ``colour``."""
    from engine.little_soldiers.config import Config
    from engine.little_soldiers.parts.advanced_tactics import AdvancedTactics
    from engine.little_soldiers.state import new_game

    root = Path(__file__).resolve().parents[2]
    doc = bt.open_battlefield(root / "levels/little_soldiers/bootcamp.json")
    doc.apply(bt.add_crate(doc.data, (30, 20), "yellow"))
    doc.apply(bt.add_crate(doc.data, (90, 60), "green"))
    doc.apply(bt.place_deployment(doc.data, 2, (10, 10), side="yellow"))
    path = doc.save(tmp_path / "crates.json")
    saved = json.loads(path.read_text())["tokens"]
    assert all("side" not in t for t in saved) and [t.get("colour") for t in saved if t["kind"] == "crate"] == ["yellow", "green"]
    state = new_game(Config(level=str(path), modules=("super_soldier", "advanced_tactics")), 3)
    assert [c for _, c in state.slice_or_none(AdvancedTactics).crates] == ["yellow", "green"]
    two = next(t for t in state.terrain.bf.tokens if t.kind == "deployment" and t.props["number"] == 2)
    assert two.props["colour"] == "yellow"

    old = json.loads(path.read_text())  # as the editor wrote it before: the colour as "side"
    for t in old["tokens"]:
        if t["kind"] == "crate":
            t["side"] = t.pop("colour")
    older = tmp_path / "older.json"
    older.write_text(json.dumps(old))
    state = new_game(Config(level=str(older), modules=("super_soldier", "advanced_tactics")), 3)
    assert [c for _, c in state.slice_or_none(AdvancedTactics).crates] == ["yellow", "green"]
    reopened = bt.open_battlefield(older)  # the editor opens it as the game reads it, and saves it so
    assert [t.get("colour") for t in reopened.data["tokens"] if t["kind"] == "crate"] == ["yellow", "green"]
