"""The view's one-sample random policy is the random bot's uniform draw from the legal list
(so the bench plays the same games either way), and a drawn action is taken on trust only for
its seat and until the state changes."""

from __future__ import annotations

import random

import pytest

from engine.bots import RandomBot
from engine.core.protocol import IllegalAction
from engine.little_battle import Config, new_game


@pytest.mark.parametrize("players", [3, 5])
def test_random_action_draws_what_the_bot_would_draw_from_the_legal_list(players):
    state = new_game(Config(players=players, chiefs=True), 8)
    bots = [RandomBot(s) for s in range(players)]
    steps = 0
    while not state.is_over():
        for seat in state.to_act():
            view = state.view(seat)
            legal = view.legal_actions()
            for k in range(3):
                drawn = view.random_action(random.Random(steps * 3 + k))
                assert drawn is legal[int(random.Random(steps * 3 + k).random() * len(legal))]
            state.apply(seat, bots[seat].choose(view))
            assert state.view(seat).random_action(random.Random(0)) is None or not state.committed[seat]
            steps += 1
    assert steps > 40 and state.view(0).random_action(random.Random(0)) is None


def test_a_drawn_action_is_legal_for_its_seat_only_and_until_the_next_change():
    state = new_game(Config(players=3), 2)
    drawn = state.view(0).random_action(random.Random(1))
    assert state.check(0, drawn) is None
    assert state.check(1, drawn) is not None  # seat 1 does not hold that card
    assert state.check(0.0, drawn) is not None  # the seat's type, exactly
    other = next(a for a in state.legal_actions(0) if a != drawn)
    state.apply(0, other)
    with pytest.raises(IllegalAction):  # seat 0 has chosen: asked again, not trusted
        state.apply(0, drawn)
