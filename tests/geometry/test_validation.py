"""Battlefield design checks: one test per sentence, messages exact."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.little_soldiers.table.validation import check

ROOT = Path(__file__).resolve().parents[2]


def box(piece_id, w, d, h, x, y, z=0.0, level=None, obj=None, rotation=0.0):
    return {"id": piece_id, "shape": {"box": [w, d, h]}, "at": [x, y, z], "rotation": rotation,
            "level": level, "object": obj}


def table(scenery=(), tokens=(), zones=()):
    return {"format": 1, "name": "t", "play_zone": [[0, 0], [100, 0], [100, 60], [0, 60]],
            "scenery": list(scenery), "tokens": list(tokens), "zones": list(zones)}


def texts(data):
    return [str(p) for p in check(data)]


def test_a_clean_table_has_no_problems():
    assert texts(table([box("a", 10, 10, 10, 20, 20)], [{"kind": "deployment", "at": [5, 5], "number": 1}])) == []


def test_loader_errors_come_back_with_their_field_path():
    bad = table([box("a", 10, -1, 10, 20, 20)])
    problems = check(bad)
    assert [str(p) for p in problems] == ["scenery[0].shape.box: expected 3 positive numbers"]
    assert problems[0].where == "scenery[0].shape.box"


def test_overlapping_scenery():
    problems = check(table([box("a", 10, 10, 10, 20, 20), box("b", 10, 10, 5, 25, 20)]))
    assert [str(p) for p in problems] == ["Scenery 'a' overlaps scenery 'b'."]
    assert problems[0].ids == ("a", "b") and problems[0].where == "scenery[1]"


def test_touching_and_stacked_scenery_do_not_overlap():
    touching = [box("a", 10, 10, 10, 20, 20), box("b", 10, 10, 5, 30, 20)]
    stacked = [box("a", 10, 10, 10, 20, 20, level=1), box("b", 4, 4, 3, 20, 20, z=10, level=2)]
    assert texts(table(touching)) == []
    assert texts(table(stacked)) == []


def test_scenery_out_of_the_play_zone():
    assert texts(table([box("a", 10, 10, 10, 97, 20)])) == ["Scenery 'a' sticks out of the play zone."]


def test_level_top_too_small():
    assert texts(table([box("stool", 2, 2, 6, 20, 20, level=1)])) == [
        "Level 1 scenery 'stool' is too small on top for a figurine to stand on (a base is 2.4 cm across)."
    ]
    # a base fits on a 3 cm square top
    assert texts(table([box("stool", 3, 3, 6, 20, 20, level=1)])) == []


def test_level_top_covered_by_the_piece_on_it():
    pieces = [box("low", 6, 6, 4, 20, 20, level=1), box("high", 6, 6, 3, 20, 20, z=4, level=2)]
    assert texts(table(pieces)) == [
        "Level 1 scenery 'low' is too small on top for a figurine to stand on (a base is 2.4 cm across)."
    ]


def test_token_inside_scenery_and_outside_the_zone():
    tokens = [{"kind": "crate", "at": [20, 20], "side": "green"}, {"kind": "supplies", "at": [99.5, 30]}]
    assert texts(table([box("mug", 10, 10, 10, 20, 20)], tokens)) == [
        "Crate token (green) at (20, 20) is inside the scenery 'mug'.",
        "Supplies token at (99.5, 30) is outside the play zone.",
    ]


def test_token_against_scenery_is_fine_and_flag_must_be_on_its_piece():
    tokens = [{"kind": "threat_target", "at": [26.25, 20], "threat": "pinky"},
              {"kind": "flag", "at": [20, 20], "on": "hill"}, {"kind": "flag", "at": [40, 40], "on": "hill"},
              {"kind": "flag", "at": [40, 40], "on": "nowhere"}]
    assert texts(table([box("hill", 10, 10, 10, 20, 20, level=1)], tokens)) == [
        "Flag counter at (40, 40) is not on top of 'hill'.",
        "Flag counter at (40, 40) is on 'nowhere', which is not on the battlefield.",
    ]


def test_walled_in_deployment_token():
    # a token laid on a flat book inside a walled yard: nowhere within green distance to stand
    walls = [box("n", 40, 4, 10, 50, 42), box("s", 40, 4, 10, 50, 18),
             box("w", 4, 20, 10, 32, 30), box("e", 4, 20, 10, 68, 30)]
    problems = texts(table(walls + [box("book", 32, 20, 1, 50, 30)], [{"kind": "deployment", "at": [50, 30], "number": 3}]))
    assert problems == [
        "Deployment token 3 at (50, 30) is inside the scenery 'book'.",
        "Deployment token 3 at (50, 30): no figurine can be placed within green distance (6 cm) of it.",
    ]
    # outside the north wall there is room
    assert texts(table(walls, [{"kind": "deployment", "at": [50, 47], "number": 2}])) == []


def test_hatched_zones_need_tall_scenery():
    zones = [{"kind": "hatched", "side": "green", "polygon": [[10, 10], [40, 10], [40, 50], [10, 50]]},
             {"kind": "hatched", "side": "yellow", "polygon": [[60, 10], [90, 10], [90, 50], [60, 50]]}]
    pieces = [box("cereal", 10, 5, 20, 25, 30), box("keys", 6, 3, 1, 30, 15), box("coaster", 8, 8, 5, 75, 30)]
    assert texts(table(pieces, zones=zones)) == [
        "Scenery 'keys' in the green hatched zone is 1 cm tall; scenery there must be taller than the figurines (5 cm).",
        "Scenery 'coaster' in the yellow hatched zone is 5 cm tall; scenery there must be taller than the figurines (5 cm).",
    ]
    assert texts(table(pieces[:1], zones=zones)) == [
        "The yellow hatched zone holds no scenery; the Bootcamp asks for one or more pieces taller than the "
        "figurines (5 cm) in each hatched zone."
    ]


LEVELS = ROOT / "levels" / "little_soldiers"
SHIPPED = sorted(LEVELS.rglob("*.json"))
"""Globbed, not listed: a mission battlefield is checked as soon as it ships,
and a file the editor would refuse to save must not ship."""


def test_the_glob_finds_the_shipped_battlefields():
    names = {p.name for p in SHIPPED}
    assert {"bootcamp.json", "bootcamp-box.json", "levels.json", "objects.json", "reference.json"} <= names


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.relative_to(LEVELS).as_posix())
def test_shipped_battlefields_validate_clean(path):
    assert texts(json.loads(path.read_text(encoding="utf-8"))) == []


def test_the_reference_keeps_twenty_pieces_on_a_120_by_80_table():
    # The geometry benchmark's figures are quoted for this table.
    data = json.loads((LEVELS / "reference.json").read_text(encoding="utf-8"))
    xs = [p[0] for p in data["play_zone"]]
    ys = [p[1] for p in data["play_zone"]]
    assert len(data["scenery"]) == 20 and (max(xs) - min(xs), max(ys) - min(ys)) == (120, 80)


def test_checks_do_not_touch_the_data():
    data = table([box("a", 10, 10, 10, 20, 20)])
    before = copy.deepcopy(data)
    check(data)
    assert data == before
