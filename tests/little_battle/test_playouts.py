"""Seeded random playouts of Little Battle, checking invariants on every step."""

from __future__ import annotations

import json
import random

import pytest

from engine.bots import RandomBot
from engine.core.protocol import SPECTATOR
from engine.core.record import Record, parse_record, replay
from engine.core.secrecy import determinize
from engine.little_battle import GAME, Config, new_game
from engine.little_battle.phases import RUSH
from engine.little_battle.state import ADVENTURERS, NAME, LittleBattleState

GAMES_PER_COUNT = 50
"""Seeded games per player count in ``make test``: every invariant on every step of 50 games."""
GAMES_PER_COUNT_LONG = 1000
"""The long run (``pytest -m slow``): the next 950 seeds as well."""
DEEP_GAMES = 20
"""Games whose every step also checks every seat's view (the others check one seat a step)."""


def _check_view(state, seat) -> None:
    view = state.view(seat)
    picture = view.to_dict()
    private = {k: v for k, v in picture.items() if k != "events"}
    text = json.dumps(private)
    mine = set(state.hands[seat]) | set(state.ships[seat]) | {c for b in state.beach for s, c in b if s == seat}
    for other in range(state.num_seats):
        if other == seat:
            continue
        for c in state.hands[other] + state.ships[other]:
            if c not in mine:
                assert f'"{NAME[c]}"' not in text, f"seat {seat} sees {NAME[c]} of seat {other}"
        if not state.is_over():
            assert picture["gold"][other] is None
            assert all(set(chest) == {"color"} for chest in picture["loot"][other])
    assert all(set(chest) == {"color"} for pile in picture["beach"] for chest in pile)
    assert all(e.visible_to(seat) for e in view.events)
    if seat in state.to_act():
        assert view.legal_actions() == state.legal_actions(seat)


def _record_roundtrip(config, seed, actions, state) -> None:
    record = Record(GAME.name, GAME.version, config.to_dict(), seed, state.history())
    again = replay(parse_record(json.loads(json.dumps(record.to_dict()))))
    assert again.state_hash() == state.state_hash()


def _playout(players: int, seed: int, chiefs: bool, deep: bool) -> None:
    config = Config(players=players, chiefs=chiefs)
    state = new_game(config, seed)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    actions = []
    step = 0
    while not state.is_over():
        for seat in state.to_act():
            action = bots[seat].choose(state.view(seat))
            state.apply(seat, action)
            actions.append((seat, action))
            step += 1
            assert state.card_count() == len(ADVENTURERS)
            assert state.chest_count() == 18
            twin = state.clone()
            assert twin.to_dict() == state.to_dict()
            _check_view(state, step % players)
            if deep:
                for seat in range(players):
                    _check_view(state, seat)
            if step & (step - 1) == 0:
                _record_roundtrip(config, seed, actions, state)
    assert state.to_act() == []
    assert all(state.legal_actions(s) == [] for s in range(players))
    assert sum(map(len, state.loot)) == 18
    _record_roundtrip(config, seed, actions, state)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_playouts_keep_every_invariant(players):
    for seed in range(GAMES_PER_COUNT):
        _playout(players, seed, chiefs=seed % 2 == 1, deep=seed < DEEP_GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_playouts_keep_every_invariant_long(players):
    for seed in range(GAMES_PER_COUNT, GAMES_PER_COUNT_LONG):
        _playout(players, seed, chiefs=seed % 2 == 1, deep=False)


def test_same_seed_same_actions_same_state():
    a, b = new_game(Config(players=4), 99), new_game(Config(players=4), 99)
    bots_a = [RandomBot(s) for s in range(4)]
    bots_b = [RandomBot(s) for s in range(4)]
    while not a.is_over():
        for seat in a.to_act():
            act = bots_a[seat].choose(a.view(seat))
            assert act == bots_b[seat].choose(b.view(seat))
            a.apply(seat, act)
            b.apply(seat, act)
        assert a.state_hash() == b.state_hash()


def test_determinize_is_consistent_with_the_view():
    state = new_game(Config(players=4, chiefs=True), 4)
    bots = [RandomBot(s) for s in range(4)]
    rng = random.Random(0)
    checked = 0
    while not state.is_over():
        for seat in state.to_act():
            view = state.view(seat)
            sample = view.determinize(rng)
            assert sample.hands[seat] == state.hands[seat]
            assert sorted(sample.legal_actions(seat), key=str) == sorted(view.legal_actions(), key=str)
            assert [[sample.chests[i].color for i in p] for p in sample.piles] == [
                [state.chests[i].color for i in p] for p in state.piles
            ]
            assert sample.card_count() == 30 and sample.chest_count() == 18
            assert sorted(c.gold for c in sample.chests) == sorted(c.gold for c in state.chests)
            checked += 1
            state.apply(seat, bots[seat].choose(view))
    assert checked > 50


def _rush_with_plays(seed: int) -> LittleBattleState:
    """A 4-player seeded game played by random bots into a Gold Rush turn
    where seats 1, 2 and 3 have placed their card face down (seat 0 not yet)
    while both piles still have chests, so each had two piles to choose from."""
    for attempt in range(50):
        state = new_game(Config(players=4), seed + attempt)
        bots = [RandomBot(seed * 7 + attempt * 4 + s) for s in range(4)]
        while not state.is_over():
            if state.phase is RUSH and all(state.piles) and not any(state.committed):
                for s in (1, 2, 3):
                    state.apply(s, bots[s].choose(state.view(s)))
                if all(state.piles):
                    return state
                break
            for s in state.to_act():
                state.apply(s, bots[s].choose(state.view(s)))
    raise AssertionError("no Gold Rush turn with two open piles")


@pytest.mark.parametrize("viewer", [0, SPECTATOR])
def test_a_sample_never_knows_before_which_pile_another_seat_played_beyond_chance(viewer: int) -> None:
    """Rule book, Gold Rush: each player places an Adventurer face down before
    a pile; which pile another seat chose is not in a seat's view or its
    history, so a determinized sample must draw it again: over many samples
    it matches the truth about half the time (two open piles), never always.
    (Samples kept the truth's pile for every other seat: a search bot's
    samples knew where the others had played.)"""
    truth = _rush_with_plays(3)
    where = {s: p for p in range(2) for s, _ in truth.beach[p]}
    assert set(where) == {1, 2, 3}
    rng = random.Random(11)
    n = 300
    same = dict.fromkeys(where, 0)
    for _ in range(n):
        sample = determinize(truth, viewer, rng)
        drawn = {s: p for p in range(2) for s, _ in sample.beach[p]}
        assert set(drawn) == set(where)  # the same seats played, one card each
        assert sample.view(viewer).to_dict() == truth.view(viewer).to_dict()  # nothing the viewer saw changed
        assert sample.card_count() == 30
        for s in where:
            same[s] += drawn[s] == where[s]
    # two piles open: chance is 1/2; 300 samples lie within 0.35..0.65 but for ~1 in 10^7
    assert all(0.35 * n <= k <= 0.65 * n for k in same.values()), same


def test_a_sample_plays_only_before_a_pile_that_has_chests() -> None:
    """With one pile taken, every sampled play lies before the open one (as the rules allow)."""
    checked = 0
    for seed in range(40):
        state = new_game(Config(players=3), seed)
        bots = [RandomBot(seed * 3 + s) for s in range(3)]
        while not state.is_over():
            if state.phase is RUSH and sum(map(bool, state.piles)) == 1 and not any(state.committed):
                open_pile = next(p for p in range(2) if state.piles[p])
                state.apply(1, bots[1].choose(state.view(1)))
                sample = determinize(state, 0, random.Random(seed))
                assert [s for s, _ in sample.beach[open_pile]] == [1] and not sample.beach[1 - open_pile]
                checked += 1
                break
            for s in state.to_act():
                state.apply(s, bots[s].choose(state.view(s)))
    assert checked > 5
