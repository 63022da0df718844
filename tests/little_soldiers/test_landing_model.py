"""The landing model stands in for Bullet in bots' imagined games only, and
changes no rule: the same seeds played with the physics and with the model
pass through the same states wherever the physics is not involved."""

import random

import numpy as np
import pytest
import shapely

from engine.bots.base import RandomBot, play_out
from engine.core.games import get_game
from engine.core.protocol import CHANCE
from engine.core.record import Record, replay
from engine.geometry.battlefield import Battlefield
from engine.geometry.landings import spec_numbers
from engine.little_soldiers.actions import Landing, Move
from engine.little_soldiers.config import Config
from engine.little_soldiers.phases import Phase
from engine.little_soldiers.state import new_game
from engine.little_soldiers.table.landing_model import SAMPLES, STRENGTHS, model_throw, tables
from engine.little_soldiers.table.throws import KINDS, throw, throw_spec

INFO = get_game("little-soldiers")
CONFIGS = [({}, range(0, 12)), ({"modules": ["objects"]}, range(20, 28)), ({"modules": ["levels"]}, range(40, 46)),
           ({"mission": "battle_royale", "players": 3}, range(60, 62))]
"""(config, seeds) played both ways; each config's seeds hold throws (checked below)."""
OPEN = Battlefield("open", shapely.box(-200, -200, 200, 200), ())
WALLED = Battlefield.from_dict({
    "format": 1, "name": "a book in the way", "play_zone": [[-200, -200], [200, -200], [200, 200], [-200, 200]],
    "scenery": [{"id": "book", "shape": {"box": [60, 4, 8]}, "at": [20, 40, 0], "rotation": 0}]})


def test_the_stored_model_was_measured_with_todays_throws():
    """A changed throw in data.py needs the model measured again:
    ``python -m engine.little_soldiers.table.landing_model``."""
    for kind in KINDS:
        t = tables()[kind]
        assert dict(t.spec) == spec_numbers(throw_spec(kind)), f"{kind}: measure the landing model again"
        assert t.strengths == STRENGTHS and t.samples == SAMPLES


@pytest.mark.parametrize("kind", KINDS)
def test_the_physics_lands_inside_the_models_spread(kind):
    """Fresh physics throws (seeds the model was not measured with) land
    within the model's spread at that strength, as far on average, and
    the model stops at a book, or flies over it, as the physics does."""
    t = tables()[kind]
    i = t.strengths.index(0.4)
    lo, hi = 0.9 * t.rows[i][:, 0].min() - 1.0, 1.1 * t.rows[i][:, 0].max() + 1.0  # the measured range, a tenth wider
    start, aim = (20.0, 20.0), (0.0, 1.0)
    exact = [throw(OPEN, kind, start, aim, 0.4, 500 + k, record=False).position for k in range(8)]
    drawn = [model_throw(OPEN, kind, start, aim, 0.4, 500 + k).position for k in range(40)]
    went = [p[1] - start[1] for p in exact]
    assert sum(lo <= d <= hi for d in went) >= 7, (went, lo, hi)
    assert abs(np.mean(went) - np.mean([p[1] - start[1] for p in drawn])) < 0.25 * np.mean(went) + 1.0
    # A book 8 cm tall, 18 cm ahead: the flicked die stops against it, the lobbed token flies over.
    beyond = [throw(WALLED, kind, start, aim, 0.6, 600 + k, record=False).position[1] > 42.0 for k in range(4)]
    assert beyond == [kind == "mortar"] * 4
    assert [model_throw(WALLED, kind, start, aim, 0.6, 600 + k).position[1] > 42.0 for k in range(4)] == beyond


def _lockstep(config: dict, seed: int) -> int:
    """Play ``seed`` with the engine throwing by the physics and, beside it,
    a state set for rollouts; every chance step is drawn by both from equal
    generators. At a landing the physics and the model each land (drawing
    the same seed from the generator), and both go on from the model's
    landing; everywhere else the outcomes must be equal. Every state and
    log is compared. Returns the landings seen."""
    cfg = INFO.config_from_dict(config)
    exact, fast = INFO.new_game(cfg), INFO.new_game(cfg).for_rollouts()
    assert not exact.landing_model and fast.landing_model
    rng_exact, rng_fast = random.Random(seed), random.Random(seed)
    bots = [RandomBot(seed * 7 + s) for s in range(exact.num_seats)]
    landings = 0
    while not exact.is_over():
        assert exact.to_dict() == fast.to_dict()
        assert [e.text for e in exact.events] == [e.text for e in fast.events]
        seat = exact.to_act()[0]
        assert fast.to_act()[0] == seat
        if seat == CHANCE:
            physics, model = exact.sample_chance(rng_exact), fast.sample_chance(rng_fast)
            if isinstance(physics, Landing):
                assert isinstance(model, Landing) and model.seed == physics.seed
                landings += 1
                action = model
            else:
                assert model == physics
                action = physics
        else:
            action = bots[seat].choose(fast.view(seat))
        exact.apply(seat, action)
        fast.apply(seat, action)
    assert fast.is_over() and exact.result() == fast.result()
    assert exact.history() == fast.history()
    return landings


@pytest.mark.parametrize("config,seeds", CONFIGS, ids=["bootcamp", "objects", "levels", "battle-royale"])
def test_the_same_seeds_pass_through_the_same_states_with_the_model(config, seeds):
    landings = sum(_lockstep(config, seed) for seed in seeds)
    assert landings >= 2


def test_only_a_bots_imagined_game_throws_by_the_model():
    state = new_game(Config(), 3)
    assert not state.landing_model and not state.clone().landing_model
    sample = state.view(0).determinize(random.Random(1))
    assert sample.landing_model and sample.clone().landing_model
    # A game played out with the model replays from its record on the physics' state: the record keeps the landings.
    imagined = play_out(new_game(Config(), 8).for_rollouts(), [RandomBot(56), RandomBot(57)])
    assert any(isinstance(a, Landing) for _, a in imagined.history())
    again = replay(Record(INFO.name, INFO.version, imagined.config.to_dict(), 8, imagined.history()))
    assert not again.landing_model and again.state_hash() == imagined.state_hash()


def test_apply_reads_back_the_check_of_the_same_position_only():
    state = new_game(Config(), 5)
    seat = state.to_act()[0]
    while state.phase is not Phase.MOVE:
        state.apply(seat, state.random_action(seat, random.Random(0)))
        seat = state.to_act()[0]
    s = next(x for x in state.soldiers.values() if x.in_play and state.generals[x.general].seat == seat)
    zero = Move(s.id, s.spot.x, s.spot.y)
    assert state.check(seat, zero) is None and state.passed == (seat, zero)
    assert state.clone().passed is None
    assert state.check(float(seat), zero) is not None  # 0.0 is not seat 0, memo or not
    state.apply(seat, zero)
    assert state.passed is None
    assert state.check(seat, zero) is not None  # the same action is not legal twice
