"""Issue 27, 'the end is shown, then reviewable': Review mode steps through a
finished or saved game from its record (every chance outcome kept, so no
physics and no draws), forwards, backwards and to any step, for every game."""

from __future__ import annotations

import json

import pytest

from app.games import controller_class
from app.review.controller import REFUSED, review_controller, review_file
from app.review.track import ReviewTrack, step_bounds
from app.seats import Seats
from engine.core.protocol import CHANCE
from engine.core.record import Record, RecordError, save_record

GAMES = {"toy-battle": ({"terrain": "castle-field"}, 2), "little-battle": ({"players": 3}, 3),
         "little-soldiers": ({}, 2)}


def finished(game: str, seed: int = 5):
    config, seats = GAMES[game]
    c = controller_class(game).new(game, dict(config), Seats(("random",) * seats), seed=seed)
    c.run_bots()
    assert c.is_over()
    return c


def test_steps_are_player_actions_with_the_chance_they_bring():
    actions = [(CHANCE, "shuffle"), (CHANCE, "deal"), (0, "a"), (CHANCE, "dice"), (1, "b"), (0, "c"), (CHANCE, "x")]
    assert step_bounds(actions) == [2, 4, 5, 7]
    assert step_bounds([]) == [0]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_step_is_the_state_the_game_passed_through(game):
    """Stepping forwards from the set-up, backwards from the end and jumping
    anywhere reach the states the game was played through, and the end is
    the finished game."""
    c = finished(game)
    record = c.match.record()
    r = review_controller(record, step=0)
    assert r.step == 0 and r.track.last == sum(1 for s, _ in record.actions if s != CHANCE)
    hashes = [r.match.state.state_hash()]
    while r.forward():
        hashes.append(r.match.state.state_hash())
        assert len(r.match.actions) == r.step  # the animator sees one action played
    assert r.step == r.track.last and r.match.state.is_over()
    assert hashes[-1] == c.match.state.state_hash()
    for step in range(r.track.last - 1, -1, -7):
        r.go(step)
        assert r.match.state.state_hash() == hashes[step]
    r.go(10_000)
    assert r.step == r.track.last
    r.go(-3)
    assert r.step == 0


@pytest.mark.parametrize("game", list(GAMES))
def test_a_review_plays_nothing_and_says_where_it_is(game):
    c = finished(game, seed=7)
    r = review_controller(c.match.record())
    assert r.is_over() and "The end:" in r.status() and c.end_reason() in r.status()
    before = r.match.state.state_hash()
    assert not r.play(None) and r.message == REFUSED
    assert not r.undo() and not r.bot_pending() and r.next_bot() is None and r.choices() == []
    assert r.match.state.state_hash() == before
    r.go(1)
    assert r.status().startswith("Review, action 1 of ") and f": {r.seat_title(r.track.acting_seat(1))}" in r.status()
    turns = r.track.turn_starts()
    assert turns[0] == 0 and turns == sorted(set(turns))
    r.next_turn()
    assert r.step in turns and r.step > 1 or r.step == r.track.last


def test_a_saved_game_in_progress_is_reviewed_from_its_file(tmp_path):
    c = controller_class("toy-battle").new("toy-battle", {}, Seats(("random", "random")), seed=3)
    for _ in range(12):
        c.bot_step()
    path = tmp_path / "mid.json"
    save_record(c.match.record(), path)
    r = review_file(path)
    assert r.step == 0 and not r.is_over() and r.track.last == 12
    r.go(r.track.last)
    assert r.match.state.state_hash() == c.match.state.state_hash()


def test_a_broken_record_is_refused_with_its_step(tmp_path):
    c = finished("toy-battle")
    data = c.match.record().to_dict()
    seat_step = next(i for i, a in enumerate(data["actions"]) if a["seat"] == 0)
    data["actions"][seat_step]["seat"] = 1  # the wrong seat acts
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match=rf"bad.json: step {seat_step + 1}"):
        review_file(path)


def test_a_format_one_record_is_refused_in_a_sentence():
    record = Record("toy-battle", finished("toy-battle").match.record().version, {}, 1, [], format=1)
    with pytest.raises(RecordError, match="keeps no chance outcomes"):
        ReviewTrack.of(record, "old.json")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_status_line_says_what_the_step_did(game):
    """Live under Xvfb the status read only "Review, action 25 of 38: Blue.": who
    acted, never what; the step's first log line (the action itself) now follows."""
    c = finished(game, seed=7)
    r = review_controller(c.match.record(), step=0)
    assert r.step_line() == "" and r.status() == "Review, the set-up."
    said = 0
    for step in range(1, r.track.last + 1):
        r.go(step)
        added = r.step_events()
        if not added:  # a choice the shown seat may not see (a hidden draft pick) adds no line
            assert r.step_line() == ""
            continue
        first = r.events()[-added]
        assert r.step_line() == first
        assert first.rstrip(".") in r.status(), (r.status(), first)
        said += 1
    assert said > r.track.last // 2
