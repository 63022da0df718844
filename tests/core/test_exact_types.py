"""Action values are held to their dataclass annotations exactly.

``Lead(0.0) == Lead(0)`` and both hash alike, so a legal-list test alone
would accept the float and a record would keep it; ``True`` is an int to
Python. check, apply and the record codec refuse them before anything
changes (issue 14).
"""

from __future__ import annotations

import json

import pytest

from engine.core.actions import type_error
from engine.core.games import get_game
from engine.core.protocol import CHANCE, IllegalAction
from engine.core.record import RecordError, parse_record
from engine.little_battle import Adventurer, Attack, Keep
from engine.little_soldiers.actions import Landing, Lead, Move, Reroll, Shields
from engine.toy_battle import Config as ToyConfig
from engine.toy_battle.actions import FirstPlayer, Place


@pytest.mark.parametrize(
    ("action", "sentence"),
    [
        (Reroll(dice=(0.0,)), "each of Reroll.dice must be a whole number, not a fraction (0.0)"),
        (Reroll(dice=[0]), "Reroll.dice must be a list, not [0]"),
        (Lead(general=0.0), "Lead.general must be a whole number, not a fraction (0.0)"),
        (Lead(general=True), "Lead.general must be a whole number, not true/false (True)"),
        (Lead(general="1"), "Lead.general must be a whole number, not text ('1')"),
        (Move("s1", "10", 5.0), "Move.x must be a finite number, not text ('10')"),
        (Move("s1", float("nan"), 5.0), "Move.x must be a finite number, not a fraction (nan)"),
        (Move("s1", 1.0, 2.0, climb=1), "Move.climb must be true or false, not a whole number (1)"),
        (Shields(("a", 3)), "each of Shields.targets must be text, not a whole number (3)"),
        (Landing(1, 2, 0, 3), "Landing.face must be text, not a whole number (3)"),
        (Keep(Adventurer("parrot", 1.0)), "Adventurer.value must be a whole number, not a fraction (1.0)"),
        (Attack(Adventurer("parrot", 1), 0.0), "Attack.pile must be a whole number, not a fraction (0.0)"),
        (FirstPlayer(True), "FirstPlayer.seat must be a whole number, not true/false (True)"),
    ],
)
def test_inexact_values_are_named(action, sentence):
    assert type_error(action) == sentence


def test_exact_values_pass():
    for action in (Reroll(()), Reroll((0, 2)), Lead(0), Move("s1", 1, 2.5), Landing(1.0, 2.0, 0.0, "3", ("t1",), 7),
                   Keep(Adventurer("parrot", 1)), Place("roxy", "14"), Shields(("a", "b"))):
        assert type_error(action) is None


def _unchanged_after(state, seat, action) -> None:
    before = state.state_hash()
    rng = state.rng.getstate() if state.rng is not None else None
    history = state.history()
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    assert state.check(seat, action) is not None
    assert state.state_hash() == before and state.history() == history
    assert (state.rng.getstate() if state.rng is not None else None) == rng


def test_little_battle_refuses_a_float_pile_and_a_float_card_value():
    from engine.little_battle import Config, new_game

    state = new_game(Config(players=3), 1)
    seat = state.to_act()[0]
    keep = state.legal_actions(seat)[0]
    assert keep in state.legal_actions(seat)
    bad = Keep(Adventurer(keep.card.kind, float(keep.card.value), keep.card.chief))
    assert bad == keep  # the trap: equal and hashed alike
    _unchanged_after(state, seat, bad)
    assert state.view(seat).check(bad) == f"Adventurer.value must be a whole number, not a fraction ({float(keep.card.value)!r})"


def test_toy_battle_refuses_inexact_actions_and_a_float_first_player():
    from engine.toy_battle import new_game

    with pytest.raises(ValueError, match=r"first_player: expected 0 \(blue\), 1 \(red\) or null, not 1.0"):
        ToyConfig.from_dict({"first_player": 1.0})
    with pytest.raises(ValueError, match="first_player"):
        ToyConfig.from_dict({"first_player": True})
    state = new_game(ToyConfig(), None)
    from engine.toy_battle.actions import Shuffle
    from tests.toy_battle.helpers import full_order

    state.apply(CHANCE, Shuffle("blue", full_order()))
    state.apply(CHANCE, Shuffle("red", full_order()))
    _unchanged_after(state, CHANCE, FirstPlayer(1.0))
    _unchanged_after(state, CHANCE, FirstPlayer(True))
    state.apply(CHANCE, FirstPlayer(1))
    _unchanged_after(state, 1.0, state.legal_actions(1)[0])
    _unchanged_after(state, True, state.legal_actions(1)[0])


def test_little_soldiers_refuses_a_float_lead_and_a_float_reroll():
    info = get_game("little-soldiers")
    state = info.new_game(info.config_from_dict({}), 3)
    seat = state.to_act()[0]
    _unchanged_after(state, seat, Lead(0.0))
    _unchanged_after(state, seat, Reroll((0.0,)))
    _unchanged_after(state, seat, Move("nobody", "1", 2.0))


@pytest.mark.parametrize(
    ("game", "raw", "sentence"),
    [
        (
            "little-soldiers",
            {"type": "Reroll", "dice": [0.0]},
            "bad Reroll: each of Reroll.dice must be a whole number, not a fraction (0.0)",
        ),
        (
            "little-soldiers",
            {"type": "Lead", "general": 0.0},
            "bad Lead: Lead.general must be a whole number, not a fraction (0.0)",
        ),
        (
            "little-soldiers",
            {"type": "Lead", "general": True},
            "bad Lead: Lead.general must be a whole number, not true/false (True)",
        ),
        (
            "little-battle",
            {"type": "Attack", "card": {"type": "Adventurer", "kind": "parrot", "value": "1"}, "pile": 0},
            "bad Adventurer: Adventurer.value must be a whole number, not text ('1')",
        ),
        (
            "toy-battle",
            {"type": "FirstPlayer", "seat": 1.0},
            "bad FirstPlayer: FirstPlayer.seat must be a whole number, not a fraction (1.0)",
        ),
    ],
)
def test_the_codec_refuses_inexact_values_with_a_sentence(game, raw, sentence):
    codec = get_game(game).codec
    with pytest.raises(ValueError) as err:
        codec.decode(raw)
    assert str(err.value) == sentence


def test_a_record_with_an_inexact_action_is_refused_naming_the_step():
    from engine.core.match import Match

    info = get_game("toy-battle")
    match = Match(info, ToyConfig(), 2)
    data = json.loads(json.dumps(match.record().to_dict()))
    data["actions"].append({"seat": 0, "action": {"type": "Place", "troop": "roxy", "node": 14}})
    with pytest.raises(RecordError) as err:
        parse_record(data, "game.json")
    step = len(data["actions"])
    assert str(err.value) == f"game.json: step {step}: bad Place: node ids are strings, not 14."
