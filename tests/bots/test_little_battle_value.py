"""Little Battle's value bot (the hard level before the model bot) counts the keys it has seen: a card no unseen
card can beat is sure to win its chest, and every higher key still unseen
makes it less sure. It plays whole games from its view alone."""

from __future__ import annotations

from engine.bots import make_bot, play_out
from engine.core.games import get_game
from engine.little_battle.bots import ValueBot
from engine.little_battle.cards import Adventurer


def picture(hand, ship=(), seen=(), hand_sizes=(3, 3, 3, 3)):
    return {"hand": list(hand), "ship": list(ship), "hand_sizes": list(hand_sizes), "deal": 1,
            "last_reveal": [{"pile": 0, "seat": 1, "card": c} for c in seen]}


def test_the_highest_key_is_sure_and_unseen_higher_keys_lower_the_chance():
    bot = ValueBot(0)
    top = picture(["Leopard 8", "Parrot 1", "Rhino 2"])
    bot._remember(top)
    assert bot._win_chance(Adventurer("leopard", 8), top) == 1.0
    six = bot._win_chance(Adventurer("leopard", 6), top)
    four = bot._win_chance(Adventurer("leopard", 4), top)
    assert 0.0 < four < six < 1.0
    # Leopards 7 and 8 revealed this deal: a 6 is now the highest still out.
    seen = picture(["Leopard 6", "Parrot 1", "Rhino 2"], seen=("Leopard 7", "Leopard 8"))
    bot._remember(seen)
    assert bot._win_chance(Adventurer("leopard", 6), seen) == 1.0


def test_a_new_deal_forgets_the_cards_seen():
    bot = ValueBot(0)
    bot._remember(picture(["Parrot 1"], seen=("Parrot 10",)))
    assert "Parrot 10" in bot._seen
    fresh = picture(["Parrot 1"])
    fresh["deal"] = 2
    bot._remember(fresh)
    assert bot._seen == set()


def test_the_value_bot_plays_to_the_end():
    info = get_game("little-battle")
    state = info.new_game(info.config_from_dict({"players": 4}), 7)
    bots = [make_bot("value", "little-battle", 0)] + [make_bot("heuristic", "little-battle", s) for s in (1, 2, 3)]
    assert isinstance(bots[0], ValueBot)
    play_out(state, bots)
    assert state.is_over()
