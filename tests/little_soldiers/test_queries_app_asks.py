"""The rule questions the app used to answer itself, answered by the engine
(engine/little_soldiers/queries.py and the view): the strength for a throw's
distance, whether a soldier can climb, the Teleport a click means, whether the
seats play together, and the player counts a set-up allows."""

from __future__ import annotations

import math
import statistics

import pytest
from ls_helpers import battlefield, box, game, position

from engine.core.games import get_game
from engine.geometry.battlefield import Battlefield
from engine.little_soldiers import queries
from engine.little_soldiers.actions import Activate, Move, Order, Teleport
from engine.little_soldiers.config import Config, player_range
from engine.little_soldiers.state import new_game
from engine.little_soldiers.table.throws import FULL_FLIGHT_CM, MIN_AIM_STRENGTH, throw

SPOTS = {"green-infantry": (20, 30), "green-grenadier": (20, 45), "yellow-infantry": (80, 30),
         "yellow-sniper": (80, 45)}


def _flat_table() -> Battlefield:
    return Battlefield.from_dict({"format": 1, "name": "flat", "play_zone": [[-50, -100], [300, -100], [300, 100], [-50, 100]],
                                  "scenery": [], "tokens": []})


@pytest.mark.parametrize("kind", ["grenade", "mortar"])
@pytest.mark.parametrize("distance", [30.0, 70.0])
def test_throw_strength_for_a_distance_throws_about_that_far(kind, distance):
    """The app mapped a drag's length to a strength with its own calibration
    (THROW_FULL_FLIGHT_CM); the engine's physics now answers: the strength it
    gives lands, over seeds, about that far on a flat table."""
    s = position(game(), SPOTS)
    strength = queries.throw_strength(s.view(0), distance, kind)
    assert MIN_AIM_STRENGTH <= strength <= 1.0
    assert queries.throw_distance(s.view(0), strength, kind) == pytest.approx(distance)
    flat = _flat_table()
    flown = [math.hypot(*throw(flat, kind, (0.0, 0.0), (1.0, 0.0), strength, seed, record=False).position[:2])
             for seed in range(5)]
    assert statistics.median(flown) == pytest.approx(distance, rel=0.35), flown


def test_throw_strength_is_bounded_by_what_check_accepts():
    s = position(game(), SPOTS)
    assert queries.throw_strength(s, 0.0, "grenade") == MIN_AIM_STRENGTH
    assert queries.throw_strength(s, 10 * FULL_FLIGHT_CM["grenade"], "grenade") == 1.0


def test_throw_strength_reads_the_pending_shot():
    s = position(game(squads=(("infantry", "grenadier"), ("infantry", "operator"))),
                 {"green-infantry": (20, 30), "yellow-infantry": (80, 30), "yellow-operator": (90, 50)}, general=1)
    s.apply(1, Move("yellow-operator", 90, 50))
    s.apply(1, Order("yellow-operator", "special"))
    v = s.view(1)
    assert v.shot().kind == "mortar"
    assert queries.throw_strength(v, 60.0) == queries.throw_strength(v, 60.0, "mortar") != \
        queries.throw_strength(v, 60.0, "grenade")


def test_can_climb_needs_a_part_that_climbs_and_a_soldier_on_the_table():
    """The app gated climbing on config.has('levels'); the engine says it."""
    crate = box("crate", 50, 30, 10, 10, 5, level=1)
    plain = position(game([crate]), SPOTS)
    levels = position(game([crate], modules=("levels",)), {k: v for k, v in SPOTS.items() if k != "green-grenadier"})
    assert not queries.can_climb(plain.view(0), "green-infantry")
    assert queries.can_climb(levels.view(0), "green-infantry")
    assert not queries.can_climb(levels.view(0), "green-grenadier")  # still in the HQ
    # and what it says matches the rules: the same climb is refused without the part
    assert "Levels" in (plain.check(0, Move("green-infantry", 44.5, 30, climb=True)) or "")


def _teleporting(extra_spots=None):
    tokens = [{"kind": "teleporter", "at": [30, 10]}, {"kind": "teleporter", "at": [70, 50]}]
    s = position(new_game(Config(level="t", modules=("objects",)), None, battlefield=battlefield((), tokens)),
                 {**SPOTS, "green-infantry": (25, 25), **(extra_spots or {})})
    s.apply(0, Move("green-infantry", 30, 12))
    s.apply(0, Activate("teleporter-1"))
    assert s.phase == "teleport"
    return s


def test_teleport_spot_is_the_click_when_the_rules_accept_it():
    s = _teleporting()
    assert queries.teleport_spot(s.view(0), 0, 70, 52) == Teleport("teleporter-2", 70.0, 52.0)


def test_teleport_spot_far_click_is_the_nearest_accepted_spot_beside_the_teleporter():
    """A click away from the Teleporter: the spot in contact nearest the click
    (the app grew buffers until check accepted one)."""
    s = _teleporting()
    action = queries.teleport_spot(s.view(0), 0, 60, 40)
    assert action.dest == "teleporter-2" and s.check(0, action) is None
    token = (70.0, 50.0)
    reach = s.terrain.base_radius + 1.5 + s.terrain.contact  # base + token radius + contact
    assert math.dist((action.x, action.y), token) <= reach + 1e-6
    # nearest: its bearing from the token is the click's
    bearing = math.atan2(40 - 50, 60 - 70)
    assert abs(math.atan2(action.y - 50, action.x - 70) - bearing) < 0.1


def test_teleport_spot_goes_around_a_soldier_in_the_way():
    """The spot nearest the click is taken by a soldier: the next accepted one."""
    s = _teleporting({"yellow-sniper": (70, 45)})
    action = queries.teleport_spot(s.view(0), 0, 70, 40)
    assert action.dest == "teleporter-2" and s.check(0, action) is None
    assert math.dist((action.x, action.y), (70, 45)) >= 2 * s.terrain.base_radius - 1e-6


def test_teleport_spot_picks_the_teleporter_nearest_the_click():
    tokens = [{"kind": "teleporter", "at": [30, 10]}, {"kind": "teleporter", "at": [70, 50]},
              {"kind": "teleporter", "at": [70, 10]}]
    s = position(new_game(Config(level="t", modules=("objects",)), None, battlefield=battlefield((), tokens)),
                 {**SPOTS, "green-infantry": (25, 25)})
    s.apply(0, Move("green-infantry", 30, 12))
    s.apply(0, Activate("teleporter-1"))
    assert queries.teleport_spot(s.view(0), 0, 66, 14).dest == "teleporter-3"
    assert queries.teleport_spot(s.view(0), 0, 31, 12).dest != "teleporter-1"  # never the one it entered


@pytest.mark.parametrize(("game_name", "config", "together"), [
    ("little-soldiers", {"mission": "a_new_threat", "players": 1}, True),
    ("little-soldiers", {"mission": "another_new_threat", "players": 2}, True),
    ("little-soldiers", {}, False),
    ("little-soldiers", {"mission": "king_of_the_hill", "players": 2}, False),
    ("toy-battle", {}, False),
    ("little-battle", {"players": 3}, False),
])
def test_every_view_says_whether_the_seats_play_together(game_name, config, together):
    """The app read the co-op missions from a list of its own to file a Mission Report."""
    info = get_game(game_name)
    state = info.new_game(info.config_from_dict(config), 3)
    assert state.view(0).cooperative is together is state.cooperative


@pytest.mark.parametrize(("mission", "modules", "expected"), [
    (None, (), (2, 2)), (None, ("two_vs_two",), (3, 4)), ("a_new_threat", (), (1, 4)), ("king_of_the_hill", (), (2, 4)),
])
def test_player_range_the_start_screen_offers(mission, modules, expected):
    """The start screen switched 2 Against 2 to 4 players and back to 2 by hand."""
    lo, hi = player_range(mission, modules)
    assert (lo, hi) == expected
    for n in (lo - 1, hi + 1):
        with pytest.raises(ValueError):
            Config(players=n, mission=mission, modules=modules)
