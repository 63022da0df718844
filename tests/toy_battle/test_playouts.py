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
from engine.toy_battle.state import ToyBattleState

GAMES_PER_TERRAIN = 130  # x 8 terrains = 1,040 games
DEEP_EVERY = 10


def snapshot(s: ToyBattleState) -> tuple:
    return (
        tuple(s.stacks), tuple(s.tops), tuple(map(tuple, s.racks)), tuple(s.rack_n), tuple(map(tuple, s.reserve)),
        tuple(map(tuple, s.box)), tuple(s.discard), tuple(s.medals), tuple(s.claimed), tuple(map(tuple, s.blocked)),
        tuple(map(tuple, s.known)), s.phase, s.seat, s.pending, tuple(s.todo_troops), tuple(s.todo_bases),
        s.winner, s.reason, tuple(s.events), s.irreversible,
    )


def check_invariants(s: ToyBattleState) -> None:
    t = s.terrain
    for seat in (0, 1):
        counts = list(s.racks[seat])
        for k in s.reserve[seat] + s.box[seat]:
            counts[k] += 1
        for stack in s.stacks:
            for c in stack:
                if c >> 3 == seat:
                    counts[c & 7] += 1
        for c in s.discard:
            if c >> 3 == seat:
                counts[c & 7] += 1
        assert counts == [3] * 8, f"{seat}: troops not conserved: {counts}"
        assert len(s.box[seat]) == 4
        assert s.rack_n[seat] == sum(s.racks[seat]) <= 8
        assert all(0 <= b <= r for b, r in zip(s.blocked[seat], s.racks[seat], strict=True))
        assert all(0 <= k <= r for k, r in zip(s.known[seat], s.racks[seat], strict=True))
        assert s.medals[seat] == sum(t.regions[r].medals for r, who in enumerate(s.claimed) if who == seat)
    assert sum(s.medals) <= t.total_medals
    assert s.tops == [st[-1] if st else -1 for st in s.stacks]
    on_hq = [i for i in range(len(t.ids)) if not t.is_base[i] and s.stacks[i]]
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
        assert shown["opponent_rack"]["size"] == s.rack_n[1 - seat]
        assert set(shown) >= {"rack", "reserve_sizes", "box_sizes"} and "reserves" not in shown
        assert all(e.visible_to(seat) for e in view.events)
        assert not any(e.text.startswith("You draw") and e.seats != frozenset({seat}) for e in view.events)


@pytest.mark.parametrize("stem", TERRAIN_FILES)
def test_seeded_random_playouts_keep_every_invariant(stem: str) -> None:
    config = Config(stem)
    rng = random.Random(stem)
    endings = set()
    for g in range(GAMES_PER_TERRAIN):
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
