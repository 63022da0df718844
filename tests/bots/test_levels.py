"""The difficulty registry: every game offers easy, normal and hard, each a
bot that plays a legal game to its end, named everywhere bots are named."""

from __future__ import annotations

import pytest

from app.seats import KINDS, parse_seats
from engine.bots import Difficulty, bot_names, level, make_bot, play_out
from engine.bots.levels import LEVELS
from engine.core.games import GAME_MODULES, get_game

CONFIGS = {"toy-battle": {"terrain": "castle-field"}, "little-battle": {"players": 3}, "little-soldiers": {}}


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_every_game_has_three_levels(game):
    for d in Difficulty:
        spec = level(game, d.value)
        assert spec.game == game and spec.difficulty is d
        assert spec.describe().startswith(d.value)
    assert level(game, "hard").time_limit is None or level(game, "hard").time_limit > 0


def test_levels_are_bot_names_and_seat_kinds():
    for d in Difficulty:
        assert d.value in bot_names() and d.value in KINDS
    seats = parse_seats("little-soldiers", "green=human,yellow=hard", 2)
    assert seats.kinds == ("human", "hard")


def test_unknown_level_is_one_sentence():
    with pytest.raises(ValueError, match="easy, normal or hard"):
        level("toy-battle", "brutal")
    with pytest.raises(ValueError, match="Unknown bot"):
        make_bot("brutal", "toy-battle")


@pytest.mark.parametrize("game,difficulty", sorted((g, d.value) for g, d in LEVELS))
def test_each_level_plays_a_game_to_the_end(game, difficulty):
    info = get_game(game)
    cfg = info.config_from_dict(CONFIGS[game])
    state = info.new_game(cfg, 3)
    bots = [make_bot(difficulty, game, s) for s in range(state.num_seats)]
    assert all(b.name == difficulty for b in bots)
    for b in bots:  # keep the test quick: the smallest budget the bot takes
        for attr, small in (("iterations", 5), ("samples", 1), ("width", 2), ("horizon", 2)):
            if hasattr(b, attr):
                setattr(b, attr, small)
    play_out(state, bots)
    assert state.is_over() and state.result() is not None
