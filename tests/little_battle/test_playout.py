"""The hard bot's light game (``engine.little_battle.playout``) against the engine, every seed both ways.

The light game is a second copy of the draft, the deal and the loot's
bookkeeping, kept for the hard bot's speed (it plays thousands of imagined
games a decision). It stays only with this test: every seed of every
player count, with and without the Chiefs, is played twice, step by step,
by the engine and by the light game, with the same choices (the
heuristic's, drawn by the light game as the bot draws them), and after
every step the two hold the same hands, crews, beach, gold and last keys.
A deal's shuffle is the engine's, copied into the light game; the light
game's own deal is held to the rule apart (5 cards each, none twice, all
from the cards in play).
"""

from __future__ import annotations

import random

import pytest

from engine.core import CHANCE
from engine.little_battle import Config, new_game
from engine.little_battle.playout import Playout, keep_table, used_cards
from engine.little_battle.state import ATTACK, KEEP, LittleBattleState

SEEDS = range(40)
CONFIGS = [(players, chiefs) for players in (3, 4, 5) for chiefs in (False, True)]


def mirror(state: LittleBattleState, chiefs: bool) -> Playout:
    """The light game at ``state``'s deal, copied from the engine."""
    n = state.num_seats
    return Playout(n, [[state.chests[i] for i in pile] for pile in state.piles], [list(h) for h in state.hands],
                   [list(s) for s in state.ships], [state.gold(s) for s in range(n)], list(state.last_key),
                   state.phase == "rush", used_cards(chiefs))


def same(state: LittleBattleState, sim: Playout, where: str) -> None:
    n = state.num_seats
    assert [sorted(h) for h in sim.hands] == [sorted(h) for h in state.hands], f"{where}: hands"
    assert [sorted(s) for s in sim.ships] == [sorted(s) for s in state.ships], f"{where}: ships"
    assert sim.piles == [[state.chests[i] for i in pile] for pile in state.piles], f"{where}: beach"
    assert sim.gold == [state.gold(s) for s in range(n)], f"{where}: gold"
    assert sim.last_key == state.last_key, f"{where}: last keys"
    assert sim.over() == state.is_over(), f"{where}: the end"
    assert state.is_over() or sim.rush == (state.phase == "rush"), f"{where}: phase"


@pytest.mark.parametrize(("players", "chiefs"), CONFIGS)
def test_every_seed_plays_alike_in_the_engine_and_the_light_game(players: int, chiefs: bool) -> None:
    steps = 0
    for seed in SEEDS:
        state = new_game(Config(players=players, chiefs=chiefs), seed)
        rng = random.Random(seed)
        sim = mirror(state, chiefs)
        while not state.is_over():
            where = f"{players} players, chiefs {chiefs}, seed {seed}, step {steps}"
            if sim.rush:
                plays = [sim.heuristic_attack(s, rng) for s in range(players)]
                deal = state.deals
                for s, (card, pile) in enumerate(plays):
                    state.apply(s, ATTACK[card][pile])
                sim.attack(plays, random.Random(0))  # its own deal is replaced by the engine's just below
                if state.deals != deal:
                    sim = mirror(state, chiefs)
            else:
                table = keep_table(sim.counts())
                picks = [sim.heuristic_keep(s, rng, table) for s in range(players)]
                for s, card in enumerate(picks):
                    state.apply(s, KEEP[card])
                sim.keep(picks)
            same(state, sim, where)
            steps += 1
    assert steps > 15 * len(SEEDS)  # whole games were played (a step is every seat's choice)


@pytest.mark.parametrize(("players", "chiefs"), CONFIGS)
def test_the_light_deal_follows_the_rule(players: int, chiefs: bool) -> None:
    """5 cards to each seat, none twice, all from the cards in play; as the engine's deal."""
    engine = new_game(Config(players=players, chiefs=chiefs))
    engine.apply(CHANCE, engine.sample_chance(random.Random(1)))
    in_play = set(engine.nap)
    for seed in SEEDS:
        sim = mirror(new_game(Config(players=players, chiefs=chiefs), seed), chiefs)
        sim.deal(random.Random(seed))
        dealt = [c for hand in sim.hands for c in hand]
        assert [len(h) for h in sim.hands] == [5] * players and len(set(dealt)) == len(dealt)
        assert set(dealt) <= in_play == set(used_cards(chiefs))
        assert not sim.rush and sim.ships == [[] for _ in range(players)]
