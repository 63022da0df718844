"""The greedy child's way of scoring Little Battle cards, in one place.

``HeuristicBot`` plays by these scores (``LittleBattleState.greedy_action``
draws its choice), and the hard bot uses the very same tables to predict
what a heuristic opponent will do with the hand it imagines for it
(``engine.little_battle.belief``) and to play its imagined games on
(``ModelBot``): one definition, so the model and the bot it models cannot
drift apart.

Every score is a base value plus the heuristic's own jitter, a uniform draw
in ``[0, NOISE)``; ``beats`` says how likely one base value ends above
another once both are jittered.
"""

from __future__ import annotations

from functools import cache

from engine.little_battle.actions import ADVENTURERS
from engine.little_battle.cards import COLORS, Adventurer
from engine.little_battle.data import KIND_VALUES

NOISE = 0.05
"""Chosen: the heuristic's jitter on every score, so equal cards are played in no fixed order."""

RARITY = 0.1
"""Chosen: how much the heuristic's draft prefers a colour with many chests still on the beach."""


def strength(card: Adventurer) -> float:
    """How likely a card is to win a fight of its colour (0..1); chiefs by their trick."""
    if card.chief:
        return 0.5
    return card.value / len(KIND_VALUES[card.kind])


def keep_score(card: Adventurer, counts: dict[str, int]) -> float:
    """The heuristic's draft score before jitter: strong cards of colours with
    many chests on the beach (``counts``: chests per colour)."""
    return strength(card) + RARITY * counts.get(card.color, 0) / 9


def attack_score(card: Adventurer, top: str | None) -> float:
    """The heuristic's score, before jitter, of playing ``card`` at a pile whose
    top chest is ``top``: a key that fits, strongest first; the Rhino Chief
    anywhere (he clears the pile); otherwise the weakest card is dumped."""
    if top == card.color:
        return 1.0 + strength(card)
    if card.chief and card.kind == "rhino":
        return 0.8
    return -strength(card)


def beats(margin: float) -> float:
    """Chance that ``a + u`` exceeds ``b + v`` for ``u, v`` uniform on
    ``[0, NOISE)`` and ``a - b = margin``: the difference of two jitters is
    triangular on ``(-NOISE, NOISE)``."""
    if margin >= NOISE:
        return 1.0
    if margin <= -NOISE:
        return 0.0
    if margin < 0.0:
        d = margin + NOISE
        return d * d / (2 * NOISE * NOISE)
    d = NOISE - margin
    return 1.0 - d * d / (2 * NOISE * NOISE)


ATTACK_BASE: dict[tuple[int, str | None], float] = {
    (c, top): attack_score(card, top) for c, card in enumerate(ADVENTURERS) for top in (*COLORS, None)
}
"""The attack score of each card id before each top colour (None: an empty pile)."""
ATTACK_ROW: dict[str | None, tuple[float, ...]] = {
    top: tuple(ATTACK_BASE[(c, top)] for c in range(len(ADVENTURERS))) for top in (*COLORS, None)
}
"""The same scores by top colour, then card id (one lookup per pile, one index per card)."""


def keep_table(counts: dict[str, int]) -> tuple[float, ...]:
    """The keep score of every card id for these beach counts (chests per colour)."""
    return _keep_table(counts["blue"], counts["red"], counts["yellow"])


@cache
def _keep_table(blue: int, red: int, yellow: int) -> tuple[float, ...]:
    counts = {"blue": blue, "red": red, "yellow": yellow}
    return tuple(keep_score(card, counts) for card in ADVENTURERS)
