"""The one-sample random policy (``engine.little_soldiers.random_action``):
every action it draws is legal, it is a function of the position and the
generator given (never of hidden facts or the state's own generator), it
draws only kinds of choice that are open, the soldiers and Orders come up
as often as its docstring says, and a golden playout pins its draws."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots.base import RandomBot, play_out
from engine.core.games import get_game
from engine.little_soldiers.actions import Activate, Move, Order
from engine.little_soldiers.config import Config
from engine.little_soldiers.parts.battle_royale import PARACHUTE
from engine.little_soldiers.parts.objects import JUMP, TELEPORT
from engine.little_soldiers.phases import Phase
from engine.little_soldiers.random_action import order_superset, random_action
from engine.little_soldiers.state import new_game
from tests.conformance.cases import LITTLE_SOLDIERS

REFERENCE = "levels/little_soldiers/reference.json"  # Objects and Level 1/2 pieces

CONFIGS: list[tuple[str, dict[str, Any]]] = [(c.id, c.config) for c in LITTLE_SOLDIERS] + [
    ("reference[levels,objects,super_soldier]", {"level": REFERENCE, "modules": ["levels", "objects", "super_soldier"]}),
    ("reference[objects,reinforcements]", {"level": REFERENCE, "modules": ["objects", "reinforcements"]}),
]
"""Every config of the conformance suite (each module and mission), and the
Objects and Levels on the battlefield that has them."""

PHASE_TYPES = {
    Phase.MOVE: {"Move", "Activate", "Play"},
    Phase.DEPLOY: {"Deploy"},
    Phase.THROW: {"Throw"},
    TELEPORT: {"Teleport", "Activate"},
    JUMP: {"Jump"},
    PARACHUTE: {"Parachute"},
}
"""The action types a continuous step may offer (the rest of a step's choices are its legal_actions)."""


def _positions(config: dict[str, Any], seed: int, limit: int = 400) -> list[tuple[Any, int]]:
    """(state, seat) at every player decision of one seeded game played by
    the one-sample random bots."""
    info = get_game("little-soldiers")
    state = info.new_game(info.config_from_dict(config), seed)
    bots = [RandomBot(seed * 7 + s) for s in range(state.num_seats)]
    out = []
    while not state.is_over() and len(out) < limit:
        seat = state.to_act()[0]
        out.append((state.clone(), seat))
        state.apply(seat, bots[seat].choose(state.view(seat)))
    return out


_CACHE: dict[str, list[tuple[Any, int]]] = {}


def positions(name: str) -> list[tuple[Any, int]]:
    if name not in _CACHE:
        config = dict(CONFIGS)[name]
        _CACHE[name] = _positions(config, 5) + _positions(config, 6)
    return _CACHE[name]


def _assert_legal(state, seat: int, action: Any) -> None:
    assert action is not None, f"{state.phase}: no action drawn"
    reason = state.check(seat, action)
    assert reason is None, f"{state.phase}: {action} refused: {reason}"
    if state.phase in state.rules.continuous_phases:
        assert type(action).__name__ in PHASE_TYPES[state.phase], f"{state.phase}: {action}"
    else:
        assert action in state.legal_actions(seat), f"{state.phase}: {action} is not a legal action"


@pytest.mark.parametrize("name", [n for n, _ in CONFIGS])
def test_every_drawn_action_is_legal_and_the_position_unchanged(name):
    """At every decision of two games of every config: three draws, each
    accepted by ``check`` (in a discrete step, one of ``legal_actions``);
    drawing changes neither the state nor its own generator."""
    for state, seat in positions(name):
        before = (state.state_hash(), state.rng.getstate())
        for k in range(3):
            _assert_legal(state, seat, random_action(state, seat, random.Random(k)))
        assert (state.state_hash(), state.rng.getstate()) == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from([n for n, _ in CONFIGS]), pick=st.integers(0, 10**6), seed=st.integers(0, 2**32 - 1))
def test_fuzz_a_drawn_action_applies(config, pick, seed):
    """Any position of any config, any generator: the action drawn applies
    (``apply`` validates it again) and the game goes on to its end."""
    states = positions(config)
    state, seat = states[pick % len(states)]
    trial = state.clone()
    trial.apply(seat, random_action(trial, seat, random.Random(seed)))
    rng = random.Random(seed + 1)
    steps = 0
    while not trial.is_over() and steps < 60:
        s = trial.to_act()[0]
        action = random_action(trial, s, rng)
        _assert_legal(trial, s, action)
        trial.apply(s, action)
        steps += 1


@pytest.mark.fuzz
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from([n for n, _ in CONFIGS]), seed=st.integers(0, 2**32 - 1))
def test_fuzz_whole_games_of_every_config(config, seed):
    """Long fuzz (``-m fuzz``): whole games from fresh seeds, every draw legal."""
    info = get_game("little-soldiers")
    state = info.new_game(info.config_from_dict(dict(CONFIGS)[config]), seed)
    rng = random.Random(seed)
    while not state.is_over():
        s = state.to_act()[0]
        action = random_action(state, s, rng)
        _assert_legal(state, s, action)
        state.apply(s, action)


@pytest.mark.parametrize("name", [CONFIGS[0][0], "little-soldiers[modules=['super_soldier', 'advanced_tactics']]",
                                  "reference[levels,objects,super_soldier]"])
def test_same_seed_same_action_from_the_state_a_clone_and_the_view(name):
    for state, seat in positions(name)[::3]:
        for k in (0, 7):
            a = random_action(state, seat, random.Random(k))
            assert random_action(state.clone(), seat, random.Random(k)) == a
            assert state.view(seat).random_action(random.Random(k)) == a
            assert state.random_action(seat, random.Random(k)) == a


@pytest.mark.parametrize("name", ["little-soldiers[modules=['super_soldier', 'advanced_tactics']]",
                                  "little-soldiers[mission=battle_royale,players=4]"])
def test_no_hidden_fact_is_read(name):
    """The other players' Tactics hands and the pile (Advanced Tactics), the
    Battle Royale turn order: re-dealt in ``determinize``d samples of the
    seat's view (and the sample's own generator drawn afresh), the action
    drawn from the same generator is the same."""
    varied = 0
    for state, seat in positions(name):
        view = state.view(seat)
        for k in range(2):
            sample = view.determinize(random.Random(100 + k))
            varied += sample.secrets() != state.secrets() and any(
                list(a.items) != list(b.items) for a, b in zip(sample.secrets(), state.secrets(), strict=True))
            for j in (0, 1):
                assert random_action(sample, seat, random.Random(j)) == random_action(state, seat, random.Random(j)), \
                    f"{state.phase}: the draw depends on what seat {seat} cannot see"
    assert varied, "no sample re-dealt a secret: the test would not catch a leak"


def test_none_when_the_seat_need_not_act():
    state, seat = positions(CONFIGS[0][0])[10]
    other = next(s for s in range(state.num_seats) if s not in state.to_act())
    assert random_action(state, other, random.Random(0)) is None
    assert state.view(other).random_action(random.Random(0)) is None
    over = play_out(new_game(Config(), 3), [RandomBot(1), RandomBot(2)])
    assert all(random_action(over, s, random.Random(0)) is None for s in range(over.num_seats))


def test_order_superset_holds_exactly_the_legal_orders():
    """The Order step's draw is uniform over ``legal_actions`` only if every
    legal action is in the wider list it draws from, and ``check`` accepts
    no other: at every Order step of every config, the accepted part of the
    wider list is the legal list."""
    seen = 0
    for name, _ in CONFIGS:
        for state, seat in positions(name):
            if state.phase is not Phase.ORDER:
                continue
            wide = order_superset(state)
            accepted = [a for a in wide if state.check(seat, a) is None]
            assert sorted(map(repr, accepted)) == sorted(map(repr, state.legal_actions(seat))), name
            seen += 1
    assert seen > 100


def _chi_square(counts: Counter, expected: dict[Any, float]) -> float:
    return sum((counts.get(k, 0) - e) ** 2 / e for k, e in expected.items())


CHI2_999 = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52}
"""Chi-square critical values at p = 0.001 by degrees of freedom."""


def _turn_move_with(k: int):
    """A turn's Move (after the Order: the soldiers' first Move of a turn)
    where ``k`` soldiers may move and nothing else is open."""
    for state, seat in positions(CONFIGS[0][0]) + positions("little-soldiers[modules=['reinforcements']]"):
        if state.phase is Phase.MOVE and state.mover is None and state.after == "order":
            able = [s for s in state.own_in_play(state.current)
                    if state.check(seat, Move(s.id, s.spot.x, s.spot.y)) is None]
            if len(able) == k and state.check(seat, Activate(None)) is not None:
                return state, seat, able
    raise AssertionError(f"no turn Move with {k} soldiers able to move")


@pytest.mark.parametrize("k", [2, 3])
def test_soldiers_and_the_zero_move_come_up_as_documented(k):
    """Uniform over the open kinds: each of the k soldiers' Moves and the
    zero Move 1 / (k + 1), so every soldier is moved (or zero-moved) 1 / k
    of the time, and a soldier's draw is its zero Move only when MOVE_TRIES
    draws failed or the zero kind came up (about 1 / (k + 1) in all)."""
    state, seat, able = _turn_move_with(k)
    n = 3000
    draws = [random_action(state, seat, random.Random(i)) for i in range(n)]
    by_soldier = Counter(a.soldier for a in draws)
    assert set(by_soldier) == {s.id for s in able}
    assert _chi_square(by_soldier, {s.id: n / k for s in able}) < CHI2_999[k - 1]
    spots = {s.id: s.spot.xy for s in able}
    zero = sum((a.x, a.y) == spots[a.soldier] for a in draws)
    p = 1 / (k + 1)
    assert abs(zero - n * p) < 4 * math.sqrt(n * p * (1 - p)) + 0.02 * n  # a failed draw adds a few


def test_orders_are_uniform_over_the_legal_list():
    """Uniform over ``legal_actions`` at Order steps with several choices
    (a chi-square bound over 200 draws per choice)."""
    tested = 0
    for state, seat in positions(CONFIGS[0][0]):
        legal = state.legal_actions(seat) if state.phase is Phase.ORDER else []
        if not 4 <= len(legal) <= 6 or not any(a.kind == "attack" for a in legal if isinstance(a, Order)):
            continue
        n = 200 * len(legal)
        counts = Counter(repr(random_action(state, seat, random.Random(i))) for i in range(n))
        assert set(counts) <= set(map(repr, legal))
        assert _chi_square(counts, {repr(a): n / len(legal) for a in legal}) < CHI2_999[len(legal) - 1]
        tested += 1
        if tested == 2:
            break
    assert tested == 2


def test_a_stop_is_drawn_only_where_open():
    """``Activate(None)`` in a Move step only where its check accepts it (the
    lightning Moves, a Strategic Retreat), and there it does come up."""
    open_seen = 0
    for name in ("little-soldiers[modules=['super_soldier']]", "reference[levels,objects,super_soldier]",
                 "little-soldiers[modules=['super_soldier', 'advanced_tactics']]"):
        for state, seat in positions(name):
            if state.phase is not Phase.MOVE:
                continue
            stops = sum(isinstance(random_action(state, seat, random.Random(i)), Activate) for i in range(40))
            if state.check(seat, Activate(None)) is None:
                open_seen += 1
                assert stops > 0
            else:
                assert stops == 0
    assert open_seen > 0


GOLDEN = {
    # One Grenade thrown (a Landing drawn by the physics).
    "bootcamp": ({}, 0, "3dffe89b0e2bf5fca0ead1939831b2b6076b0dcfaffe129068f5922ed0b9a4c3"),
    # Two climbs and three Objects activated.
    "reference": ({"level": REFERENCE, "modules": ["levels", "objects", "super_soldier"]}, 23,
                  "1c12386215bf2a4fe40108b14e60e0de32cd7d3395bb43d5dc47dd8cbd8070eb"),
}
"""(config, seed, final state hash) of random-bot games: a change in the
policy's draws (or in a rule) changes the hash. (Issue 24 changed the state's
data, its continuation and the parts' slices, not the games: the histories
and logs of these two were checked equal before and after.)"""


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_playout(name):
    config, seed, digest = GOLDEN[name]
    info = get_game("little-soldiers")
    state = info.new_game(info.config_from_dict(config), seed)
    play_out(state, [RandomBot(seed * 7 + s) for s in range(state.num_seats)])
    assert state.state_hash() == digest


def test_random_bot_elsewhere_and_with_candidates():
    """Other games have no sampler: the plain bot and ``candidates=32`` play
    the same game there. In Little Soldiers ``candidates=32`` is the bot
    before the one-sample policy: uniform over 32 checked candidates."""
    for game, config in (("toy-battle", {}), ("little-battle", {"players": 3})):
        info = get_game(game)
        cfg = info.config_from_dict(config)
        a = play_out(info.new_game(cfg, 2), [RandomBot(s) for s in range(info.new_game(cfg, 2).num_seats)])
        b = play_out(info.new_game(cfg, 2), [RandomBot(s, candidates=32) for s in range(a.num_seats)])
        assert a.state_hash() == b.state_hash()
    state, seat = positions(CONFIGS[0][0])[20]
    assert state.phase is Phase.MOVE or state.phase in state.rules.continuous_phases or state.legal_actions(seat)
    bot, twin = RandomBot(9, candidates=32), random.Random(9)
    got = bot.choose(state.view(seat))
    from engine.bots.base import options

    choices = options(state.view(seat), twin, 32)
    assert got == choices[int(twin.random() * len(choices))]
    assert RandomBot(0, candidates=32).name == "random32"
    with pytest.raises(ValueError):
        RandomBot(0, candidates=0)


def test_search_rollouts_play_the_policy(monkeypatch):
    """The search bot's random playouts in Little Soldiers draw from the
    one-sample policy (its tree still branches over candidates)."""
    from engine.bots.search import SearchBot
    from engine.little_soldiers import state as S

    calls = []
    real = S.LittleSoldiersState.random_action

    def counted(self, seat, rng):
        calls.append(self.phase)
        return real(self, seat, rng)

    monkeypatch.setattr(S.LittleSoldiersState, "random_action", counted)
    state, seat = next((s, t) for s, t in positions(CONFIGS[0][0]) if s.phase is Phase.ORDER)
    action = SearchBot(3, iterations=6, rollout_depth=None).choose(state.view(seat))
    assert state.check(seat, action) is None
    assert calls
