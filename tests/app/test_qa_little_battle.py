"""Little Battle hot-seat as three people at one computer play it."""

from __future__ import annotations

from app.games.little_battle.controller import LittleBattleController
from app.seats import Seats


def test_the_hand_over_screen_shows_nothing_of_the_last_players_hand():
    c = LittleBattleController.new("little-battle", {"players": 3}, Seats(("human", "human", "human")), seed=2)
    assert c.my_turn() and c.status().startswith("Player 1 (red), your turn") and "pick a card" in c.status()  # hot-seat: by name
    red_hand = c.hand()
    c.click_card(red_hand[0])
    assert "Ship" in c.status()
    assert c.click_ship(), c.message
    assert c.handover_to == 1
    # the log said "You are dealt <red's five cards>", and the gold line was red's
    assert c.events() == [] and c.scoreline() == ""
    assert all(card not in c.status() for card in red_hand)
    c.acknowledge_handover()
    assert c.viewer == 1 and c.events() and not any("You keep " + red_hand[0] in e for e in c.events())


def test_a_hand_card_cannot_be_picked_once_the_game_is_over():
    """Live under Xvfb, a click on the hand after the last chest was taken lit
    Parrot 2 green on the final table, as if it could still be played."""
    import random

    from app.games.controller import GAME_OVER_PICK

    c = LittleBattleController.new("little-battle", {"players": 3}, Seats(("human", "normal", "hard")), seed=4)
    rng = random.Random(4)
    while not c.is_over():
        if c.my_turn():
            assert c.play(rng.choice(c.legal()))
        else:
            c.run_bots()
    hand = c.hand()
    assert hand, "the seed ends the game with cards in the human's hand"
    assert not c.click_card(hand[0])
    assert c.selected is None and c.message == GAME_OVER_PICK
