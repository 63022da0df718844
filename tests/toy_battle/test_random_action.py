"""The view's one-sample random policy is the random bot's uniform draw from the legal list,
and a drawn action is taken on trust only until the state changes."""

from __future__ import annotations

import random

import pytest

from engine.bots import RandomBot
from engine.core.protocol import IllegalAction
from engine.toy_battle import Config, new_game


def test_random_action_draws_what_the_bot_would_draw_from_the_legal_list():
    state = new_game(Config(terrain="battlefield"), 3)
    bots = [RandomBot(1), RandomBot(2)]
    steps = 0
    while not state.is_over():
        seat = state.to_act()[0]
        view = state.view(seat)
        legal = view.legal_actions()
        for k in range(3):
            drawn = view.random_action(random.Random(steps * 3 + k))
            assert drawn is legal[int(random.Random(steps * 3 + k).random() * len(legal))]
        assert state.view(1 - seat).random_action(random.Random(0)) is None  # not its turn
        state.apply(seat, bots[seat].choose(view))
        steps += 1
    assert steps > 30 and state.view(0).random_action(random.Random(0)) is None


def test_a_drawn_action_is_legal_for_its_seat_only_and_until_the_next_change():
    state = new_game(Config(), 5)
    seat = state.to_act()[0]
    drawn = state.view(seat).random_action(random.Random(1))
    assert state.check(seat, drawn) is None
    assert state.check(1 - seat, drawn) is not None  # another seat's turn it is not
    assert state.check(True if seat == 1 else seat + 0.0, drawn) is not None  # the seat's type, exactly
    others = [a for a in state.legal_actions(seat) if a != drawn and type(a).__name__ == "Place"]
    state.apply(seat, others[0])
    with pytest.raises(IllegalAction):  # the board changed: asked again, not trusted
        state.apply(seat, drawn)
