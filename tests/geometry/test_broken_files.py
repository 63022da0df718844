"""Issue 14's battlefield and mesh cases, table-driven: each broken file is
refused with one sentence naming the battlefield file, the JSON path and
what is wrong — never a traceback, and never a file that loads and then
crashes the checks."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
import trimesh

from engine.geometry import Battlefield, BattlefieldError
from engine.little_soldiers.table import vocabulary
from engine.little_soldiers.table.validation import check

ZONE = [[0, 0], [100, 0], [100, 80], [0, 80]]


def level(scenery=(), tokens=()) -> dict:
    return {"format": 1, "name": "broken", "play_zone": ZONE, "scenery": list(scenery), "tokens": list(tokens)}


def mesh_piece(path: str) -> dict:
    return {"id": "toy", "shape": {"mesh": path}, "at": [50, 40, 0]}


def write(folder: Path, name: str, data: bytes | str) -> None:
    target = folder / name
    target.write_bytes(data if isinstance(data, bytes) else data.encode())


def random_stl(folder: Path) -> dict:
    write(folder, "noise.stl", np.random.default_rng(7).bytes(4096))
    return level([mesh_piece("noise.stl")])


def empty_stl(folder: Path) -> dict:
    write(folder, "empty.stl", b"")
    return level([mesh_piece("empty.stl")])


def header_only_stl(folder: Path) -> dict:
    write(folder, "header.stl", b"\0" * 80 + (12).to_bytes(4, "little"))  # says 12 triangles, holds none
    return level([mesh_piece("header.stl")])


def nan_obj(folder: Path) -> dict:
    write(folder, "nan.obj", "v 0 0 0\nv 4 0 nan\nv 0 4 4\nf 1 2 3\n")
    return level([mesh_piece("nan.obj")])


def no_extension(folder: Path) -> dict:
    write(folder, "teapot", "v 0 0 0\nv 4 0 0\nv 0 4 4\nf 1 2 3\n")
    return level([mesh_piece("teapot")])


def etc_passwd(folder: Path) -> dict:
    return level([mesh_piece("/etc/passwd")])


def dot_dot(folder: Path) -> dict:
    return level([mesh_piece("../../../../etc/passwd")])


def link_outside(folder: Path) -> dict:
    os.symlink("/etc/passwd", folder / "sneaky.stl")
    return level([mesh_piece("sneaky.stl")])


def collinear_mesh(folder: Path) -> dict:
    write(folder, "line.obj", "v 0 0 0\nv 1 1 1\nv 2 2 2\nv 3 3 5\nf 1 2 3\nf 2 3 4\n")
    return level([mesh_piece("line.obj")])


def zero_height_mesh(folder: Path) -> dict:
    write(folder, "flat.obj", "v -2 -2 0\nv 2 -2 0\nv 2 2 0\nv -2 2 0\nf 1 2 3\nf 1 3 4\n")
    return level([mesh_piece("flat.obj")])


def zero_height_box(folder: Path) -> dict:
    return level([{"id": "lid", "shape": {"box": [4, 4, 0]}, "at": [50, 40, 0]}])


def token_on_a_list(folder: Path) -> dict:
    return level([{"id": "hill", "shape": {"box": [10, 10, 5]}, "at": [50, 40, 0]}],
                 [{"kind": "flag", "at": [50, 40], "on": [1]}])


def nan_in_battlefield(folder: Path) -> str:
    return json.dumps(level([{"id": "can", "shape": {"cylinder": [3, float("nan")]}, "at": [50, 40, 0]}]))


def infinity_in_battlefield(folder: Path) -> str:
    return json.dumps(level(tokens=[{"kind": "crate", "at": [10, float("inf")]}]))


def json_list(folder: Path) -> list:
    return [level()]


CASES: list[tuple[str, Callable[[Path], object], str]] = [
    ("random-bytes stl", random_stl, "scenery[0].shape.mesh: 'noise.stl' holds no triangles"),
    ("empty stl", empty_stl, "scenery[0].shape.mesh: 'empty.stl' is empty"),
    ("header-only stl", header_only_stl, "scenery[0].shape.mesh: 'header.stl' holds no triangles"),
    ("obj with NaN", nan_obj,
     "scenery[0].shape.mesh: 'nan.obj' has vertices that are not finite numbers (NaN or infinity)"),
    ("no extension", no_extension,
     "scenery[0].shape.mesh: 'teapot' is not a mesh file (expected one of .glb, .gltf, .obj, .off, .ply, .stl)"),
    ("/etc/passwd", etc_passwd,
     "scenery[0].shape.mesh: '/etc/passwd' is an absolute path; mesh paths are relative to the battlefield's folder"),
    ("dot-dot path", dot_dot,
     "scenery[0].shape.mesh: '../../../../etc/passwd' leaves the battlefield's folder ('..' is not allowed in mesh "
     "paths)"),
    ("link leading outside", link_outside,
     "scenery[0].shape.mesh: 'sneaky.stl' lies outside the battlefield's folder and the project's meshes folder"),
    ("collinear mesh", collinear_mesh,
     "scenery[0].shape.mesh: 'line.obj' has no area seen from above (its triangles are edge-on or degenerate)"),
    ("zero-height mesh", zero_height_mesh, "scenery[0].shape.mesh: 'flat.obj' has no height (every vertex at z = 0)"),
    ("zero-height box", zero_height_box, "scenery[0].shape.box: expected 3 positive numbers"),
    ("token on [1]", token_on_a_list, "tokens[0].on: expected the id of a scenery piece, got [1]"),
    ("NaN in a battlefield", nan_in_battlefield,
     "scenery[0].shape.cylinder[1]: expected a finite number, got nan"),
    ("Infinity in a battlefield", infinity_in_battlefield,
     "tokens[0].at[1]: expected a finite number, got inf"),
    ("a JSON list", json_list, "$: expected an object"),
]


@pytest.mark.parametrize("make, sentence", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_broken_battlefield_files_get_one_sentence(tmp_path, make, sentence):
    made = make(tmp_path)
    path = tmp_path / "broken.json"
    path.write_text(made if isinstance(made, str) else json.dumps(made), encoding="utf-8")
    with pytest.raises(BattlefieldError) as err:
        vocabulary.load(path)
    text = str(err.value)
    assert text.startswith(f"{path}: "), text
    assert sentence in text, text
    assert "\n" not in text and "Traceback" not in text


def test_the_editor_checks_name_the_field_too(tmp_path):
    # The live check (the editor's) gets the same sentence as a problem, with
    # the field's path to select, instead of raising.
    problems = check(collinear_mesh(tmp_path), root=tmp_path)
    assert [(p.where, p.text) for p in problems] == [
        ("scenery[0].shape.mesh",
         "scenery[0].shape.mesh: 'line.obj' has no area seen from above (its triangles are edge-on or degenerate)")
    ]


def test_allow_outside_lets_a_path_leave_but_still_wants_a_mesh(tmp_path):
    with pytest.raises(BattlefieldError, match=r"'passwd' is not a mesh file"):
        Battlefield.from_dict(etc_passwd(tmp_path), root=tmp_path, allow_outside=True)
    elsewhere = tmp_path / "elsewhere"
    inside = tmp_path / "level"
    elsewhere.mkdir()
    inside.mkdir()
    trimesh.creation.box((2, 2, 2)).export(elsewhere / "cube.stl")
    data = level([mesh_piece(str(elsewhere / "cube.stl"))])
    with pytest.raises(BattlefieldError, match=r"is an absolute path"):
        Battlefield.from_dict(data, root=inside)
    assert Battlefield.from_dict(data, root=inside, allow_outside=True).solid("toy").top == pytest.approx(1.0)


def test_meshes_resolve_in_the_battlefield_folder_then_the_project_meshes(tmp_path):
    trimesh.creation.box((2, 2, 4), trimesh.transformations.translation_matrix((0, 0, 2))).export(tmp_path / "tall.stl")
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(level([mesh_piece("tall.stl"),
                                      {"id": "fig", "shape": {"mesh": "meshes/figurines/infantry.glb"},
                                       "at": [20, 20, 0]}])))
    bf = Battlefield.load(path)
    assert bf.solid("toy").top == pytest.approx(4.0) and bf.solid("fig").top == pytest.approx(5.0, abs=0.05)


def test_save_is_atomic_and_writes_valid_json(tmp_path, monkeypatch):
    bf = Battlefield.from_dict(level([{"id": "box", "shape": {"box": [2, 2, 2]}, "at": [50, 40, 0]}]))
    target = tmp_path / "kept.json"
    target.write_text("old", encoding="utf-8")

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        bf.save(target)
    assert target.read_text(encoding="utf-8") == "old"  # the old file is untouched
    monkeypatch.undo()
    bf.save(target)
    assert Battlefield.load(target).to_dict() == bf.to_dict()


def test_the_users_allow_outside_reaches_mesh_paths(tmp_path):
    # ``--allow-outside`` sets engine.core.files' switch; battlefields obey it too.
    from engine.core import files

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    trimesh.creation.box((2, 2, 2)).export(elsewhere / "cube.stl")
    data = level([mesh_piece(str(elsewhere / "cube.stl"))])
    with pytest.raises(BattlefieldError, match="is an absolute path"):
        Battlefield.from_dict(data, root=tmp_path / "level")
    files.allow_outside(True)
    try:
        assert Battlefield.from_dict(data, root=tmp_path / "level").solid("toy").top == pytest.approx(1.0)
    finally:
        files.allow_outside(False)
