"""Toy Battle as a new player meets it: every choice has a visible way to make it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.games.toy_battle.controller import ToyBattleController
from app.seats import Seats
from engine.toy_battle import Place, UseEffect


def reachable(c: ToyBattleController) -> set:
    """The legal actions a mouse can make now: buttons, lit slots, and two-click effects."""
    out = {a for _, a in c.choices()}
    nodes = c._nodes()
    for a in c.legal():
        if isinstance(a, Place) and (c.click_troop(a.troop) and a.node in c.highlighted_slots()):
            out.add(a)
        if isinstance(a, UseEffect) and a.target in nodes:
            c.aim = None
            if a.target in c.highlighted_slots():
                if a.to is None:
                    out.add(a)
                else:
                    c.aim = a.target
                    if a.to in c.highlighted_slots():
                        out.add(a)
    c.aim = None
    c.selected = None
    return out


def test_every_legal_choice_is_a_button_or_a_lit_base_and_the_turn_line_says_what_to_do():
    for seed in (1, 2, 3, 4):
        c = ToyBattleController.new("toy-battle", {}, Seats(("human", "heuristic")), seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if c.is_over():
                break
            if not c.my_turn():
                c.run_bots()
                continue
            assert c.status() != "Your turn." and c.status().startswith("Your turn: "), c.status()
            legal = c.legal()
            missing = [a for a in legal if a not in reachable(c)]
            assert not missing, (seed, c.pending(), missing[:5])
            assert c.play(rng.choice(legal))
        assert c.is_over()


def test_a_refused_push_destination_is_asked_about_the_aimed_troop(monkeypatch: pytest.MonkeyPatch) -> None:
    c = ToyBattleController.new("toy-battle", {}, Seats(("human", "heuristic")), seed=2)
    seen: list[Any] = []

    def refused(action: Any) -> bool:
        seen.append(action)
        return False

    # The test stands in for the controller's own answers: a push is pending, nothing else is legal.
    monkeypatch.setattr(c, "pending", lambda: "a push")
    monkeypatch.setattr(c, "legal", lambda: [])
    monkeypatch.setattr(c, "play", refused)
    c.aim = "n1"
    c.click_node("n2")
    assert seen == [UseEffect("n1", "n2")]


def test_a_troop_on_the_rack_cannot_be_picked_once_the_game_is_over():
    """Live under Xvfb, a click on the rack after the last placement lit Star 6
    green on the final table, as if it could still be placed."""
    c = ToyBattleController.new("toy-battle", {}, Seats(("human", "heuristic")), seed=2)
    rng = random.Random(2)
    while not c.is_over():
        if c.my_turn():
            assert c.play(rng.choice(c.legal()))
        else:
            c.run_bots()
    rack = c.rack()
    assert rack, "the seed leaves troops on the human's rack"
    assert not c.click_troop(rack[0])
    assert c.selected is None and c.highlighted_slots() == []
    assert "game is over" in c.message
