"""Issue 12, found playing Little Soldiers in the live window (helper live4):
what was left on the table, what F1 said first, the start screen's names and
seats, and saves a player names."""

from __future__ import annotations

import random

from app.controllers.little_soldiers import LittleSoldiersController
from app.seats import Seats
from tests.app.probe import _ls_to_my_throw


def _thrown(seed: int = 1) -> LittleSoldiersController:
    c = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "random")), seed=seed)
    _ls_to_my_throw(c)
    o = c.shot_origin()
    c.aim_at(o[0] + 30.0, o[1] + 5.0)
    assert c.release_aim()
    return c


def test_the_throws_flight_is_shown_until_the_next_action_only():
    """Issue 12, 'every action is shown': the last grenade's flight (and so its
    trail) stayed on the table into later rounds; it is shown until the next
    action is played, and a later throw is shown again."""
    c = _thrown()
    first = c.flight
    assert first is not None and first.kind == "grenade"
    assert c.bot_step()  # the next action: the bot's
    assert c.flight is None
    rng = random.Random(0)
    for _ in range(200):  # later actions never bring the old flight back; the next throw flies
        if c.run_bots() == 0 and not c.is_over():
            c.play(rng.choice(c.view().candidate_actions(12, rng)))
        if c.flight is not None:
            assert c.flight.flight_id > first.flight_id
            break
        assert c.view_dict()["last_throw"]["serial"] == first.flight_id
    c.restart(seed=3)
    assert c.flight is None


def test_the_throws_trail_and_a_stale_cord_go_when_the_next_action_starts(probe, tmp_path):
    """Issue 12, played live: the grenade's trail stayed on the table into later
    rounds, and at your next Move a cord showed at once where the throw's drag
    had ended (the pointer had not moved). Both go with the next action; the
    cord shows again as soon as the pointer moves."""
    f = probe("little_soldiers_after_the_throw", str(tmp_path))
    assert "trail" in f["landed_trail"]
    a = f["after"]
    assert a["phase"] == "move" and a["mine"] and a["reach"], a
    assert not a["flight"] and a["trail"] == [], a
    assert not a["cord"] and not a["cord_drawn"], a
    assert f["moved_cord"] and f["moved_cord_drawn"]
