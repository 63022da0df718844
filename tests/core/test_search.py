"""The search bot's mechanisms: decisive moves, cut-off playouts scored by a
game's ``evaluate``, and full playouts where a game offers no estimate."""

from __future__ import annotations

import random

from engine.bots import RandomBot, SearchBot
from engine.bots.search import _playout
from engine.little_battle import Config as LittleBattleConfig
from engine.little_battle import new_game as new_little_battle
from engine.toy_battle import Config, new_game
from tests.toy_battle.helpers import arrange, start


def _hq_in_reach():
    """Blue can place on red's H.Q. "41" and win at once (see the heuristic bot's test)."""
    return arrange(start("castle-field"), board={"11": ["blue roxy"], "13": ["blue roxy"], "17": ["blue roxy"],
                                                 "22": ["blue roxy"], "24": ["blue roxy"]},
                   racks=(["skully", "roxy"], ["roxy"]))


def test_search_bot_plays_an_immediate_win_without_searching():
    state = _hq_in_reach()
    for seed in range(5):
        action = SearchBot(seed, iterations=0).choose(state.view(0))  # no iteration: only the decisive check
        trial = state.clone()
        trial.apply(0, action)
        assert trial.is_over() and trial.result().winners == (0,)


def test_search_bot_finds_the_win_by_search_too():
    """Without the decisive check the tree still prefers the win."""
    state = _hq_in_reach()
    action = SearchBot(3, iterations=300, decisive=False).choose(state.view(0))
    trial = state.clone()
    trial.apply(0, action)
    assert trial.is_over() and trial.result().winners == (0,)


def test_toy_battle_evaluate_is_a_probability_and_exact_once_over():
    for g in range(6):
        state = new_game(Config("castle-field"), g)
        bots = [RandomBot(g), RandomBot(g + 50)]
        while not state.is_over():
            for seat in (0, 1):
                value = state.evaluate(seat)
                assert 0.0 <= value <= 1.0
            assert abs(state.evaluate(0) + state.evaluate(1) - 1.0) < 1e-9
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state.view(seat)))
        winner = state.result().winners[0]
        assert state.evaluate(winner) == 1.0 and state.evaluate(1 - winner) == 0.0


def test_toy_battle_evaluate_prefers_the_side_that_holds_more():
    state = arrange(start("castle-field"), board={"11": ["blue roxy"], "13": ["blue roxy"], "17": ["blue roxy"]},
                    racks=(["roxy"], ["roxy"]))
    assert state.evaluate(0) > 0.5 > state.evaluate(1)


def test_cut_off_playout_returns_the_games_estimate_after_depth_actions():
    state = new_game(Config("castle-field"), 4)
    before = state.state_hash()
    reward = _playout(state, random.Random(0), 0)
    assert state.state_hash() == before  # depth 0: scored as it stands, nothing played
    assert reward(0) == state.evaluate(0) and reward(1) == state.evaluate(1)
    reward = _playout(state, random.Random(0), 6)
    assert not state.is_over() and 0.0 <= reward(0) <= 1.0


def test_playout_runs_to_the_end_where_the_game_offers_no_estimate():
    state = new_little_battle(LittleBattleConfig(players=3), 2)
    assert state.evaluate(0) is None
    reward = _playout(state, random.Random(1), 0)
    assert state.is_over() and reward(0) == state.result().reward(0)


def test_search_bot_is_deterministic_per_seed():
    state = new_game(Config("castle-field"), 9)
    a = SearchBot(5, iterations=60).choose(state.view(state.to_act()[0]))
    b = SearchBot(5, iterations=60).choose(state.view(state.to_act()[0]))
    assert a == b
