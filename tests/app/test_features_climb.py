"""Climb and Level previews (issue 12, item 6; Levels module): hovering a
Level top with a soldier selected shows whether it gets up there this Move
and where it would stand, as the Levels rules say (the click then does
exactly that); a far click while on a Level gets the engine's sentence."""

from __future__ import annotations

import math
import random

from app import tips
from engine.little_soldiers.actions import Move
from engine.little_soldiers.terrain import Spot
from tests.app import monkey as M
from tests.app.feature_probe import ls_to_green_move
from tests.app.features import run_feature_probe

BOX, LID = "game-box-bottom", "game-box-lid"
"""The Bootcamp table's game box (Level 1, x 47-73, y 27-53) and its lid on it (Level 2, x 54-66, y 34-46)."""


def _at_move(spot: Spot):
    c = M.new_controller("little-soldiers", {"modules": ["levels"]}, ("human", "random"), 3, None)
    ls_to_green_move(c)
    me = next(s["id"] for s in c.soldiers() if s["team"] in c.my_teams() and s["spot"])
    c.match.state.soldiers[me].spot = spot  # test set-up: the soldier stands where the case needs it
    c.forget_view()
    c.click_soldier(me)
    return c, me


def test_a_level_top_in_reach_previews_the_climb_and_the_click_makes_it():
    c, me = _at_move(Spot(39.0, 40.0, None))
    c.hover_table(50.0, 40.0, BOX)
    assert c.preview is None and c.climb is not None
    climb = c.climb
    assert climb.reason is None and climb.up and climb.surface == BOX
    assert climb.end[2] == c.view().terrain.z(BOX) and climb.length <= climb.cord
    said = " ".join(tips.tip(c, f"scenery:{BOX}").now)
    assert "can climb up here this Move" in said
    assert c.click_table(50.0, 40.0, BOX), c.message
    spot = c.spot(me)
    assert spot["surface"] == BOX and math.dist((spot["x"], spot["y"]), climb.end[:2]) < 1e-3  # where it said


def test_a_level_out_of_reach_says_the_engines_sentence_and_the_click_changes_nothing():
    c, me = _at_move(Spot(8.0, 70.0, None))
    c.hover_table(50.0, 40.0, BOX)
    climb = c.climb
    assert climb is not None and climb.reason and "does not reach" in climb.reason
    action = c.move_for(50.0, 40.0, BOX)
    assert action.climb and c.explain(action) == climb.reason
    said = " ".join(tips.tip(c, f"scenery:{BOX}").now)
    assert "cannot climb here" in said and "game-box" not in said  # named as the piece it is
    before = c.spot(me)
    assert not c.click_table(50.0, 40.0, BOX)
    assert c.spot(me) == before and c.message == c.named(climb.reason)


def test_the_lid_on_the_box_cannot_be_climbed_from_the_table():
    c, me = _at_move(Spot(39.0, 40.0, None))
    c.hover_table(60.0, 40.0, LID)
    assert c.climb is not None and c.climb.reason == c.explain(c.move_for(60.0, 40.0, LID))
    assert c.climb.reason and c.climb.end is None


def test_a_far_click_from_a_level_is_refused_with_the_engines_sentence():
    c, me = _at_move(Spot(50.0, 31.0, BOX))
    assert c.move_for(10.0, 10.0, None) == Move(me, 10.0, 10.0)  # far from the edge: a plain Move ...
    why = c.explain(Move(me, 10.0, 10.0))
    assert why
    assert not c.click_table(10.0, 10.0, None)  # ... that the engine refuses: it does not step off the Level
    assert c.spot(me)["surface"] == BOX and c.message == c.named(why)
    c.hover_table(46.0, 31.0, None)  # just off the edge: climbing down
    assert c.climb is not None and not c.climb.up and c.climb.surface is None and c.climb.end[2] == 0.0


def test_hovering_plays_on_through_a_monkey_game_with_levels(tmp_path):
    c = M.new_controller("little-soldiers", {"modules": ["levels"]}, ("human", "random"), 7, None)
    monkey = M.Monkey(c, 7, tmp_path)
    rng = random.Random(7)
    tops = list(c.view().terrain.level_pieces())
    previews = 0
    for _ in range(400):
        monkey.step()
        c.hover_table(rng.uniform(40, 80), rng.uniform(20, 60), rng.choice([None, *tops]))
        previews += c.climb is not None
        for piece in tops:
            tips.tip(c, f"scenery:{piece}")
    assert previews > 0


def test_the_climb_is_drawn_where_the_engine_puts_the_soldier(tmp_path):
    facts = run_feature_probe("climb_preview", tmp_path, str(tmp_path / "climb.png"))
    assert facts["reason"] is None
    assert "Climb up onto the game box" in facts["info"] or "Climb up onto" in facts["info"], facts["info"]
    ring, under = facts["ring_pixel"], facts["under_pixel"]
    assert ring is not None and sum((a - b) ** 2 for a, b in zip(ring, under, strict=True)) > 40 ** 2, (ring, under)
    assert ring[0] > ring[2] + 80 and ring[1] > ring[2] + 60, ring  # the cord's yellow
    assert facts["level_tokens"] == facts["level_pieces"]  # every Level's token is on its top, in sight
