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
