"""Seeded random playouts on all 8 terrains (1,040 games), checking invariants on every step.

Per step: the 48 troops are conserved (3 of each kind per colour across
reserve, rack, board, discard and box), medals match the claimed regions and
never exceed the terrain's, racks hold at most 8, a clone equals the
original, and nothing is left to do once the game is over. Per game: the
record survives a JSON round trip and replays to the same state. On every
tenth game, per step: the view is unchanged when the hidden tiles are
dealt again, and no public line of the log names a drawn troop.
"""

from __future__ import annotations

import json
import random

import pytest

from engine.bots import RandomBot
from engine.core.record import Record, parse_record, replay
from engine.toy_battle import GAME, Config, new_game
from engine.toy_battle.actions import Draw
from engine.toy_battle.data import TERRAIN_FILES, TROOP_TITLES
from engine.toy_battle.rules import frontier
from engine.toy_battle.state import ToyBattleState

GAMES_PER_TERRAIN = 40
"""Seeded games per terrain in ``make test`` (x 8 terrains = 320): enough for every ending on
every terrain (Castle Field's last ending to come first arrives in game 35)."""
GAMES_PER_TERRAIN_LONG = 130
"""The long run (``pytest -m slow``): 1,040 games."""
DEEP_EVERY = 10


def snapshot(s: ToyBattleState) -> tuple:
    b, p = s.board, s.supply
    return (
        tuple(b.stacks), tuple(b.tops), tuple(map(tuple, p.racks)), tuple(p.rack_n), tuple(map(tuple, p.reserve)),
        tuple(map(tuple, p.box)), tuple(b.discard), tuple(b.medals), tuple(b.claimed), tuple(map(tuple, p.blocked)),
        tuple(map(tuple, p.known)), s.phase, s.seat, s.pending, tuple(s.todo_troops), tuple(s.todo_bases),
        s.winner, s.reason, tuple(s.events), s.irreversible, tuple(b.held),
    )


def check_invariants(s: ToyBattleState) -> None:
    t = s.terrain
    b, p = s.board, s.supply
    for seat in (0, 1):
        counts = list(p.racks[seat])
        for k in p.reserve[seat] + p.box[seat]:
            counts[k] += 1
        for stack in b.stacks:
            for c in stack:
                if c >> 3 == seat:
                    counts[c & 7] += 1
        for c in b.discard:
            if c >> 3 == seat:
                counts[c & 7] += 1
        assert counts == [3] * 8, f"{seat}: troops not conserved: {counts}"
        assert len(p.box[seat]) == 4
        assert p.rack_n[seat] == sum(p.racks[seat]) <= 8
        assert all(0 <= d <= r for d, r in zip(p.blocked[seat], p.racks[seat], strict=True))
        assert all(0 <= k <= r for k, r in zip(p.known[seat], p.racks[seat], strict=True))
        assert b.medals[seat] == sum(t.regions[r].medals for r, who in enumerate(b.claimed) if who == seat)
        assert b.held[seat] == sum(1 << i for i, c in enumerate(b.tops) if c >= 0 and c >> 3 == seat)
        assert p.present[seat] == sum(1 << k for k in range(8) if p.racks[seat][k]) and p.down[seat] == sum(p.blocked[seat])
        if b.fronts[seat] is not None:  # a frontier kept across moves is the one a new flood finds
            assert b.fronts[seat] == sum(1 << n for n in frontier(s.lay, b.tops, seat))
    assert sum(b.medals) <= t.total_medals
    assert b.tops == [st[-1] if st else -1 for st in b.stacks]
    on_hq = [i for i in range(len(t.ids)) if not t.is_base[i] and b.stacks[i]]
    assert not on_hq or (s.is_over() and len(on_hq) == 1 and s.reason.startswith(
        f"{('Blue', 'Red')[1 - t.hq_owner[on_hq[0]]]} captures {t.node_words(t.ids[on_hq[0]])}"))
    if s.is_over():
        assert s.legal_actions(0) == [] and s.legal_actions(1) == [] and s.to_act() == []
        assert s.result() is not None
    else:
        assert s.legal_actions(s.to_act()[0]) or s.to_act() == [-1]


def check_view_hides(s: ToyBattleState, rng: random.Random) -> None:
    for seat in (0, 1):
        view = s.view(seat)
        shown = view.to_dict()
        other = view.determinize(rng)  # the hidden tiles dealt again
        assert other.view(seat).to_dict() == shown
        assert shown["opponent_rack"]["size"] == s.supply.rack_n[1 - seat]
        assert set(shown) >= {"rack", "reserve_sizes", "box_sizes"} and "reserves" not in shown
        assert all(e.visible_to(seat) for e in view.events)
        assert not any(e.text.startswith("You draw") and e.seats != frozenset({seat}) for e in view.events)


@pytest.mark.parametrize("stem", TERRAIN_FILES)
def test_seeded_random_playouts_keep_every_invariant(stem: str) -> None:
    play_terrain(stem, GAMES_PER_TERRAIN)


@pytest.mark.slow
@pytest.mark.parametrize("stem", TERRAIN_FILES)
def test_seeded_random_playouts_keep_every_invariant_long(stem: str) -> None:
    play_terrain(stem, GAMES_PER_TERRAIN_LONG)


def play_terrain(stem: str, games: int) -> None:
    """``games`` seeded random games on ``stem``, every step checked, every ending reached."""
    config = Config(stem)
    rng = random.Random(stem)
    endings = set()
    for g in range(games):
        seed = 10_000 * TERRAIN_FILES.index(stem) + g
        state = new_game(config, seed)
        bots = (RandomBot(seed), RandomBot(seed + 1))
        deep = g % DEEP_EVERY == 0
        actions = []
        check_invariants(state)
        while not state.is_over():
            seat = state.to_act()[0]
            action = bots[seat].choose(state.view(seat))
            n_events = len(state.events)
            state.apply(seat, action)
            actions.append((seat, action))
            check_invariants(state)
            assert snapshot(state.clone()) == snapshot(state)
            if deep:
                check_view_hides(state, rng)
                if isinstance(action, Draw):
                    public = [e.text for e in state.events[n_events:] if e.seats is None]
                    assert not any(title in text for text in public for title in TROOP_TITLES), public
            assert len(actions) < 2_000, "a random game should end"
        endings.add(state.result().reason.split(" ")[1])
        record = Record(GAME.name, GAME.version, config.to_dict(), seed, state.history())
        assert [a for a in record.actions if a[0] >= 0] == actions
        data = json.loads(json.dumps(record.to_dict(GAME)))
        again = replay(parse_record(data))
        assert again.state_hash() == state.state_hash()
    assert {"captures", "reaches", "cannot"} <= endings  # every ending happens on every terrain
