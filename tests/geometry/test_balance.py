"""The balance view: heat maps from each side's deployment areas and the
fairness figure."""

from __future__ import annotations

import math

import numpy as np

from engine.geometry import Battlefield
from engine.little_soldiers.table.balance import REACH_MOVES, balance, token_side


def box(piece_id, w, d, h, x, y):
    return {"id": piece_id, "shape": {"box": [w, d, h]}, "at": [x, y, 0], "rotation": 0, "level": None, "object": None}


def field(scenery, tokens, zones=()):
    return Battlefield.from_dict({"format": 1, "name": "t", "play_zone": [[0, 0], [80, 0], [80, 40], [0, 40]],
                                  "scenery": scenery, "tokens": tokens, "zones": list(zones)})


TOKENS = [{"kind": "deployment", "at": [4, 20], "number": 1, "colour": "green"},
          {"kind": "deployment", "at": [76, 20], "number": 2, "colour": "yellow"}]


def test_a_mirrored_table_is_even():
    bf = field([box("a", 4, 10, 10, 25, 20), box("b", 4, 10, 10, 55, 20)], TOKENS)
    b = balance(bf)
    green, yellow = b.sides
    assert b.fairness > 0.97 and b.favoured is None
    # the maps mirror each other left to right
    assert np.allclose(np.nan_to_num(green.see, nan=-1), np.nan_to_num(yellow.see[:, ::-1], nan=-1), atol=0.21)
    assert abs(green.reached - yellow.reached) < 0.03
    assert "fairness" in b.summary() and b.summary().endswith("even")


def test_a_wall_in_front_of_one_side_favours_the_other():
    # yellow's token is boxed in by a long wall: it sees less and walks further
    bf = field([box("wall", 4, 36, 12, 68, 21)], TOKENS)
    b = balance(bf)
    green, yellow = b.sides
    assert green.seen > yellow.seen
    assert b.favoured == "green" and b.fairness < 0.95
    assert b.summary().endswith("favours green")


def test_maps_are_nan_inside_scenery_and_reach_counts_moves():
    bf = field([box("a", 8, 8, 10, 40, 20)], TOKENS)
    b = balance(bf, cell=4.0)
    i = int(np.argmin(abs(b.xs - 40)))
    j = int(np.argmin(abs(b.ys - 20)))
    green = b.sides[0]
    assert math.isnan(green.see[j, i]) and math.isnan(green.reach[j, i])
    assert green.reach[j, 1] == 1  # next to the token: one Move
    assert green.reach[j, -1] >= REACH_MOVES  # the far edge takes several
    assert b.sides[0].see.shape == (len(b.ys), len(b.xs))


def test_token_side_falls_back_to_the_nearest_hatched_zone():
    zones = [{"kind": "hatched", "side": "yellow", "polygon": [[10, 10], [20, 10], [20, 20], [10, 20]]},
             {"kind": "hatched", "side": "green", "polygon": [[60, 10], [70, 10], [70, 20], [60, 20]]}]
    bf = field([], [{"kind": "deployment", "at": [4, 4], "number": 1}], zones)
    assert token_side(bf, bf.tokens[0]) == "yellow"
