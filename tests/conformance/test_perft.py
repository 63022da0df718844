"""Perft counts per game for fixed seeds: the size of the game tree near the start.

Small depths are worked by hand below; the deepest figure of each line was
computed once and checked in, so a rule change that alters the tree shows
up here. Little Soldiers has no perft: its first choices (where to deploy,
move, aim) are continuous.
"""

from __future__ import annotations

import pytest

from engine.little_battle import Config as BattleConfig
from engine.little_battle import new_game as new_little_battle
from engine.toy_battle import Config as ToyConfig
from engine.toy_battle import new_game as new_toy_battle
from tests.conformance.perft import perft


@pytest.mark.parametrize(
    ("players", "chiefs", "seed", "counts"),
    [
        # Draft, 3 players: each keeps one of 5 cards (5, 25, 125); the hands pass
        # with 4 cards, and the first two keep again (500, 2000).
        (3, False, 0, [5, 25, 125, 500, 2000]),
        # 5 players, Chiefs: five seats choose among 5 cards before any pass: 5^1..5^5.
        (5, True, 1, [5, 25, 125, 625, 3125]),
    ],
)
def test_little_battle_perft(players, chiefs, seed, counts):
    state = new_little_battle(BattleConfig(players=players, chiefs=chiefs), seed)
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(
    ("terrain", "counts"),
    [
        # Seed 0: blue starts with Skully, Cap'n, Roxy; red holds Skully, Cap'n, XB-42, Roxy.
        # Depth 1: Draw, or one of 3 kinds on 11 or 12 (next to H.Q. 1): 1 + 3 x 2 = 7.
        # Depth 2: after Draw, red has Draw + 4 kinds x 2 = 9; Skully (x2) offers its draw or
        # Skip (4); Roxy (x2) ends the turn, red has 9 each (18); Cap'n (x2) offers Skully or
        # Roxy on the 3 open bases, or Skip (2 x 7 = 14): 9 + 4 + 18 + 14 = 45.
        ("castle-field", [7, 45, 273]),
        # Same seed and racks; depths 2 and 3 computed once and checked in.
        ("tropical-pool", [7, 46, 281]),
    ],
)
def test_toy_battle_perft(terrain, counts):
    state = new_toy_battle(ToyConfig(terrain), 0)
    assert state.seat == 0 and state.rack(0) == ["skully", "capn", "roxy"]
    assert state.rack(1) == ["skully", "capn", "xb42", "roxy"]
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts
