"""Battlefield files: loading, round trips, and refusing bad files with the
path of the bad field."""

import copy
import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine.geometry import Battlefield, BattlefieldError
from engine.little_soldiers.table.vocabulary import VOCABULARY
from tests.geometry.conftest import box, field

ROOT = Path(__file__).resolve().parents[2]
LEVELS = ROOT / "levels" / "little_soldiers"
GOOD = {
    "format": 1,
    "name": "good",
    "play_zone": [[0, 0], [100, 0], [100, 80], [0, 80]],
    "scenery": [
        box("a", 10, 10, 10, 20, 20),
        {"id": "b", "shape": {"cylinder": [3, 8]}, "at": [50, 50, 0]},
        {"id": "c", "shape": {"prism": {"footprint": [[0, 0], [4, 0], [0, 3]], "height": 6}}, "at": [70, 20, 0]},
        box("d", 10, 10, 5, 20, 50, level=1),
    ],
    "tokens": [{"kind": "deployment", "at": [5, 5], "number": 1}],
    "zones": [{"kind": "hatched", "polygon": [[0, 0], [10, 0], [10, 10]], "side": "green"}],
}


def bad(mutate) -> str:
    d = copy.deepcopy(GOOD)
    mutate(d)
    with pytest.raises(BattlefieldError) as err:
        Battlefield.from_dict(d, vocabulary=VOCABULARY)
    return str(err.value)


def test_shipped_battlefields_load_and_round_trip():
    for path in sorted(LEVELS.glob("*.json")):
        bf = Battlefield.load(path)
        again = Battlefield.from_dict(json.loads(json.dumps(bf.to_dict())))
        assert again.to_dict() == bf.to_dict(), path.name
    ref = Battlefield.load(LEVELS / "reference.json")
    assert len(ref.scenery) == 20
    assert ref.play_zone.bounds == (0.0, 0.0, 120.0, 80.0)


def test_round_trip_keeps_token_fields():
    bf = Battlefield.from_dict(GOOD)
    d = bf.to_dict()
    assert d["tokens"] == [{"kind": "deployment", "at": [5.0, 5.0], "number": 1}]
    assert d["zones"][0]["side"] == "green"
    assert d["scenery"][0]["rotation"] == 0.0 and d["scenery"][3]["level"] == 1


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d.update(format=2), "format: expected 1, got 2"),
        (lambda d: d.update(play_zone=[[0, 0], [1, 1]]), "play_zone: expected a polygon of at least 3 [x, y] points"),
        (
            lambda d: d.update(play_zone=[[0, 0], [10, 10], [10, 0], [0, 10]]),
            "play_zone: polygon is not simple (it crosses itself or has no area)",
        ),
        (lambda d: d["play_zone"].__setitem__(2, [100, "x"]), "play_zone[2]: expected 2 numbers"),
        (lambda d: d["scenery"][0]["shape"].update(box=[10, -1, 10]), "scenery[0].shape.box: expected 3 positive numbers"),
        (lambda d: d["scenery"][0]["shape"].update(box=[10, 10]), "scenery[0].shape.box: expected 3 positive numbers"),
        (lambda d: d["scenery"][1]["shape"].update(cylinder=[3]), "scenery[1].shape.cylinder: expected 2 positive numbers"),
        (
            lambda d: d["scenery"][2]["shape"]["prism"].update(height=0),
            "scenery[2].shape.prism.height: expected a positive number",
        ),
        (
            lambda d: d["scenery"][2]["shape"]["prism"].update(footprint=[[0, 0], [1, 0]]),
            "scenery[2].shape.prism.footprint: expected a polygon of at least 3 [x, y] points",
        ),
        (
            lambda d: d["scenery"][3].update(shape={"sphere": [1]}),
            "scenery[3].shape: expected exactly one of box, cylinder, prism, mesh",
        ),
        (lambda d: d["scenery"][3].update(level=3), "scenery[3].level: expected null, 1 or 2, got 3"),
        (
            lambda d: d["scenery"][3].update(object="trampoline"),
            "scenery[3].object: expected null or one of teleporter, radar, transmogrifier, marshmallow, switch, got 'trampoline'",
        ),
        (lambda d: d["scenery"][1].update(id="a"), "scenery[1].id: duplicate id 'a'"),
        (lambda d: d["scenery"][1].update(at=[50, 50]), "scenery[1].at: expected 3 numbers"),
        (lambda d: d["scenery"][1].update(rotation="left"), "scenery[1].rotation: expected a number, got 'left'"),
        (lambda d: d["scenery"][1].update(at=[50, 50, 4]), "scenery[1].at: z = 4 but no scenery top is there to rest on"),
        (lambda d: d["scenery"][0].update(colour="red"), "scenery[0].colour: unknown field"),
        (lambda d: d["tokens"][0].update(at=[1]), "tokens[0].at: expected 2 numbers"),
        (lambda d: d["zones"][0].update(kind=""), "zones[0].kind: expected a non-empty string"),
        (
            lambda d: d["scenery"][0].update(shape={"mesh": "meshes/none.glb"}),
            "scenery[0].shape.mesh: no mesh file 'meshes/none.glb'",
        ),
    ],
)
def test_bad_files_name_the_bad_field(mutate, message):
    assert bad(mutate).startswith(message)


def test_bad_json_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": 1,', encoding="utf-8")
    with pytest.raises(BattlefieldError, match=rf"^{path}: not valid JSON \(line 1"):
        Battlefield.load(path)


def test_without_a_vocabulary_any_level_and_object_name_loads():
    # The geometry knows no game: Level 3 and a "trampoline" are some other
    # game's words; only their types are checked.
    d = copy.deepcopy(GOOD)
    d["scenery"][3].update(level=3, object="trampoline")
    assert Battlefield.from_dict(d).piece("d").level == 3
    d["scenery"][3].update(level=True)
    with pytest.raises(BattlefieldError, match=r"^scenery\[3\]\.level: expected null or a whole number 1 or more"):
        Battlefield.from_dict(d)


def test_battlefield_error_is_a_value_error():
    assert issubclass(BattlefieldError, ValueError)


def test_stacked_piece_on_its_support_loads_and_goes_with_it():
    bf = field(box("low", 20, 20, 5, 50, 50, level=1), box("high", 6, 6, 4, 50, 50, 5, level=2))
    assert [p.id for p in bf.without_scenery("low").scenery] == []
    assert [p.id for p in bf.without_scenery("high").scenery] == ["low"]


def test_with_scenery_replaces_by_id():
    bf = field(box("a", 2, 2, 2, 10, 10))
    moved = bf.with_scenery(Battlefield.from_dict({**GOOD, "scenery": [box("a", 2, 2, 2, 30, 30)]}).scenery[0])
    assert moved.piece("a").at == (30.0, 30.0, 0.0)
    assert bf.piece("a").at == (10.0, 10.0, 0.0)


def test_mesh_scenery_loads(tmp_path):
    bf = field({"id": "toy", "shape": {"mesh": "meshes/figurines/infantry.glb", "scale": 2.0}, "at": [50, 50, 0]})
    solid = bf.solid("toy")
    assert solid.top == pytest.approx(10.0)
    assert solid.footprint.area > 0


def test_edits_carry_unchanged_solids_over():
    # Edits reuse the solids of unchanged pieces, re-indexed: they must be
    # what a fresh load of the edited battlefield builds.
    import numpy as np

    from engine.little_soldiers.table.bench import REFERENCE

    bf = Battlefield.load(REFERENCE)
    moved = bf.with_scenery(replace(bf.piece("mug-west"), at=(50.0, 12.0, 0.0)))
    for edited in (bf.without_scenery("shoebox-west"), moved):
        fresh = Battlefield.from_dict(edited.to_dict())
        assert [s.id for s in edited.solids] == [s.id for s in fresh.solids]
        for a, b in zip(edited.solids, fresh.solids, strict=True):
            assert a.index == b.index and a.kind == b.kind and a.footprint.equals(b.footprint)
            assert np.array_equal(a.mesh.triangles, b.mesh.triangles)
    assert moved.solid("mug-west").footprint.centroid.x == pytest.approx(50.0)
