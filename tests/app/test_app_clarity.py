"""Issue 12, clarity: names as printed, the range band's words, the throw's
strength kept on the table, a drag begun on the thrower aims."""

from __future__ import annotations

import math

from app.games.little_soldiers.aiming import THROW_EDGE_MARGIN
from app.games.little_soldiers.controller import BAND_WORDS, LittleSoldiersController
from app.seats import Seats
from engine.little_soldiers.table.throws import FULL_FLIGHT_CM, MIN_AIM_STRENGTH
from tests.app.probe import ls_to_my_throw


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
    ls_to_my_throw(c)
    o = c.shot_origin()
    thrower = c.view_dict()["shot"]["thrower"]
    assert c.click_soldier(thrower) and c.aiming.dragging  # pressing on the Grenadier starts the aim
    for angle in range(0, 360, 45):
        a = math.radians(angle)
        direction, strength = c.aim_at(o[0] + 500 * math.cos(a), o[1] + 500 * math.sin(a))
        edge = c.aiming.edge_distance(o, direction)
        full = FULL_FLIGHT_CM[c.aiming.kind()]
        assert strength <= max(MIN_AIM_STRENGTH, math.sqrt(THROW_EDGE_MARGIN * edge / full)) + 1e-3
        assert strength * strength * full <= edge + 1e-6 or strength == MIN_AIM_STRENGTH
    assert c.release_aim() and not c.aiming.dragging and c.aiming.aim is None


def test_a_soldier_off_the_table_selected_during_the_move_crashes_nothing():
    """Issue 12: s["spot"]["x"] on a broken soldier (selected when the bot broke
    it, or its HQ card clicked during your Move) killed the window."""
    import random

    c = _controller(3)
    rng = random.Random(0)
    for _ in range(300):
        c.run_bots()
        if c.my_turn() and c.phase() == "move":
            break
        c.play(rng.choice(c.view().candidate_actions(20, rng)))
    assert c.phase() == "move" and c.my_turn()
    off = [s["id"] for s in c.soldiers() if s["spot"] is None]
    on = [s["id"] for s in c.soldiers() if s["spot"] is not None and c.is_mine(s["id"])]
    ident = off[0] if off else on[0]
    if not off:  # none off the table yet: take one off as a break would
        c.selected = ident
        c.soldiers = lambda: [dict(s, spot=None) if s["id"] == ident else s for s in type(c).soldiers(c)]
    assert c.click_soldier(ident)
    c.choices(), c.status(), c.targets(), c.reach(), c.shot_origin(), c.hover_soldier(on[0] if on else None)
    c.click_table(50.0, 40.0)
    assert c.message  # a sentence, not an exception


def test_the_aim_shows_where_the_throw_may_land():
    c = _controller(5)
    ls_to_my_throw(c)
    from shapely.geometry import Point

    o = c.shot_origin()
    mid = c.view().terrain.bf.play_zone.centroid  # toward the middle: the edge cap stays out of it
    a = math.atan2(mid.y - o[1], mid.x - o[0])
    c.aim_at(o[0] + 20.0 * math.cos(a), o[1] + 20.0 * math.sin(a))
    spread = c.aiming.spread()
    d = c.aiming.distance()
    assert 17.0 <= d <= 21.0  # about the drag's length
    assert spread.contains(Point(o[0] + d * math.cos(a), o[1] + d * math.sin(a)))
    assert not spread.contains(Point(o[0], o[1]))
