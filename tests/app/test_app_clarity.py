"""Issue 12, clarity: names as printed, the range band's words, the throw's
strength kept on the table, a drag begun on the thrower aims."""

from __future__ import annotations

import math

from app.controllers.little_soldiers import BAND_WORDS, THROW_EDGE_MARGIN, THROW_FULL_FLIGHT_CM, LittleSoldiersController
from app.seats import Seats
from tests.app.probe import _ls_to_my_throw


def _controller(seed: int = 2) -> LittleSoldiersController:
    return LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "random")), seed=seed)


def test_messages_name_soldiers_and_scenery_as_printed():
    c = _controller()
    c.message = "green-infantry cannot stand on cereal-box; yellow-sniper sees car-keys."
    assert c.message == "Green Infantry cannot stand on cereal box; Yellow Sniper sees car keys."
    assert c.message_kind == "error"


def test_a_valid_target_beyond_the_red_band_is_not_called_out_of_range():
    assert "out of range" not in " ".join(BAND_WORDS.values())
    assert BAND_WORDS[None] == "outside the red reroll band" and "within the red reroll band" in BAND_WORDS["red"]


def test_a_full_drag_stays_on_the_table_and_a_drag_on_the_thrower_aims():
    c = _controller(5)
    _ls_to_my_throw(c)
    o = c.shot_origin()
    thrower = c.view_dict()["shot"]["thrower"]
    assert c.click_soldier(thrower) and c.aim_dragging  # pressing on the Grenadier starts the aim
    for angle in range(0, 360, 45):
        a = math.radians(angle)
        direction, strength = c.aim_at(o[0] + 500 * math.cos(a), o[1] + 500 * math.sin(a))
        edge = c.edge_distance(o, direction)
        full = THROW_FULL_FLIGHT_CM[c.shot_kind()]
        assert strength <= max(0.05, math.sqrt(THROW_EDGE_MARGIN * edge / full)) + 1e-3
        assert strength * strength * full <= edge + 1e-6 or strength == 0.05
    assert c.release_aim() and not c.aim_dragging and c.aim is None
