"""States from data, and no stall, on every module and mission.

``LittleSoldiersState.from_dict`` is the inverse of ``to_dict`` (tests build
positions from data), and at every step of a seeded random playout the seat
to act has something legal to do.
"""

from __future__ import annotations

import random

import pytest

from engine.bots.base import RandomBot
from engine.core.protocol import CHANCE
from engine.little_soldiers.config import Config
from engine.little_soldiers.phases import Phase
from engine.little_soldiers.state import LittleSoldiersState, new_game

CONFIGS = [
    Config(),
    Config(modules=("super_soldier", "levels", "objects")),
    Config(modules=("reinforcements",)),
    Config(players=3, modules=("two_vs_two", "super_soldier")),
    Config(modules=("super_soldier", "advanced_tactics")),
    Config(mission="king_of_the_hill", players=3, modules=("objects",)),
    Config(mission="battle_royale", players=4, modules=("levels",)),
    Config(mission="a_new_threat", players=2),
    Config(mission="another_new_threat", players=1, modules=("super_soldier",)),
]
IDS = [f"{c.mission or 'bootcamp'}-{c.players}-{'+'.join(c.modules) or 'none'}" for c in CONFIGS]


def _round_trip(state: LittleSoldiersState) -> None:
    data = state.to_dict()
    again = LittleSoldiersState.from_dict(data, battlefield=state.base_terrain.bf)
    assert again.to_dict() == data
    for seat in range(state.num_seats):
        assert again.legal_actions(seat) == state.legal_actions(seat)


def _check_chance_outcomes(state: LittleSoldiersState) -> None:
    outcomes = state.chance_outcomes()
    if outcomes is None:
        return
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9 and all(p > 0 for _, p in outcomes)
    for outcome, _ in outcomes[:50]:
        assert state.check(CHANCE, outcome) is None, outcome


def _samples_agree_with_views(state: LittleSoldiersState, rng: random.Random) -> None:
    for seat in range(state.num_seats):
        view = state.view(seat)
        picture = view.to_dict()
        sample = view.determinize(rng)
        assert sample.view(seat).to_dict() == picture
        assert sample.legal_actions(seat) == state.legal_actions(seat)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_from_dict_round_trips_and_no_step_stalls(config):
    """And every discrete chance step met lists outcomes that sum to 1 and are legal."""
    state = new_game(config, None)
    chance = random.Random(5)
    bots = [RandomBot(seat) for seat in range(state.num_seats)]
    rng = random.Random(0)
    for step in range(300):
        if state.is_over():
            break
        seat = state.to_act()[0]
        if seat == CHANCE:
            _check_chance_outcomes(state)
            state.apply(CHANCE, state.sample_chance(chance))
            continue
        options = state.legal_actions(seat) or state.candidate_actions(seat, 6, rng)
        assert options, f"step {step}: {state.phase} offers {state.seat_name(seat)} nothing to do"
        if step in (0, 1, 2) or step % 23 == 0:
            _round_trip(state)
            _samples_agree_with_views(state, chance)
        state.apply(seat, bots[seat].choose(state.view(seat)))
    _round_trip(state)


def test_from_dict_refuses_a_bad_state_with_the_field():
    data = new_game(Config(), 1).to_dict()
    del data["generals"]
    with pytest.raises(ValueError, match="generals"):
        LittleSoldiersState.from_dict(data)
    with pytest.raises(ValueError, match="game"):
        LittleSoldiersState.from_dict({"game": "chess"})


def test_a_position_built_from_data_plays_on():
    """A test builds a position as data: the soldiers where it wants them, then plays."""
    data = new_game(Config(), 2).to_dict()
    spots = {"green-infantry": (20, 30), "green-sniper": (20, 45), "yellow-infantry": (80, 30),
             "yellow-sniper": (80, 45)}
    for s in data["soldiers"]:
        x, y = spots.get(s["id"], (None, None))
        s["spot"] = {"x": x, "y": y, "surface": None} if x is not None else None
    data["phase"], data["current"] = "move", 0
    for g in data["generals"]:
        g["tokens"], g["lid"] = 1, 2
    state = LittleSoldiersState.from_dict(data)
    assert state.phase is Phase.MOVE and state.soldiers["green-infantry"].spot.xy == (20, 30)
    assert state.check(0, state.candidate_actions(0, 4, random.Random(1))[0]) is None
