"""A Little Battle bot that plays like a sensible child: keep strong cards of
rare colours, play a card where its key fits the top chest, dump the weakest
card where it can do no harm."""

from __future__ import annotations

import random
from typing import Any

from engine.little_battle.cards import Adventurer
from engine.little_battle.data import KIND_VALUES
from engine.little_battle.state import Attack, Keep, LittleBattleView


def _strength(card: Adventurer) -> float:
    """How likely a card is to win a fight of its colour (0..1); chiefs by their trick."""
    if card.chief:
        return 0.5
    return card.value / len(KIND_VALUES[card.kind])


class HeuristicBot:
    """Greedy, reads only its view."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: LittleBattleView) -> Any:
        legal = view.legal_actions()
        picture = view.to_dict()
        tops = [pile[0]["color"] if pile else None for pile in picture["beach"]]
        counts = {c: sum(1 for pile in picture["beach"] for ch in pile if ch["color"] == c) for c in ("blue", "red", "yellow")}
        noise = lambda: self.rng.random() * 0.05  # noqa: E731

        def score(action: Any) -> float:
            card = action.card
            if isinstance(action, Keep):
                return _strength(card) + 0.1 * counts.get(card.color, 0) / 9 + noise()
            assert isinstance(action, Attack)
            if tops[action.pile] == card.color:
                return 1.0 + _strength(card) + noise()
            if card.chief and card.kind == "rhino":
                return 0.8 + noise()
            return -_strength(card) + noise()

        return max(legal, key=score)
