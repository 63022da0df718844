"""Generic bots: never illegal, seeded, and the search bot beats random."""

from __future__ import annotations

from engine.bots import RandomBot, SearchBot, make_bot, play_out
from engine.little_battle import Config, new_game


def test_random_bot_is_seeded():
    a = play_out(new_game(Config(players=3), 5), [RandomBot(1), RandomBot(2), RandomBot(3)])
    b = play_out(new_game(Config(players=3), 5), [RandomBot(1), RandomBot(2), RandomBot(3)])
    assert a.state_hash() == b.state_hash()


def test_search_bot_never_plays_illegal_and_beats_random():
    wins = 0.0
    games = 10
    for g in range(games):
        state = new_game(Config(players=4), 100 + g)
        bots = [SearchBot(g, iterations=80)] + [RandomBot(10 * g + s) for s in range(1, 4)]
        play_out(state, bots)  # apply() raises on any illegal action
        wins += state.result().reward(0)
    assert wins / games >= 0.5  # at least twice its fair 1/4 share (about 0.84 over 200 games)


def test_make_bot_by_name():
    assert make_bot("random", "little-battle").name == "random"
    assert make_bot("search", "little-battle").name == "search"
    assert make_bot("heuristic", "little-battle").name == "heuristic"
