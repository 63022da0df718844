"""Listing chance outcomes with their probabilities (OpenSpiel's ``chance_outcomes``).

Small helpers the core and the parts share to list a draw from a pile or a
roll of dice; no rule lives here.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from engine.little_soldiers.actions import Roll

MAX_LISTED_OUTCOMES = 1296
"""Chance steps with more outcomes than this are drawn, not listed (four dice list 1,296)."""

A = TypeVar("A")


def counted(kind: Callable[[Any], A], pile: Sequence[Any]) -> list[tuple[A, float]]:
    """Outcomes of drawing one item from ``pile``, equal items merged."""
    counts: dict[Any, int] = {}
    for item in pile:
        counts[item] = counts.get(item, 0) + 1
    return [(kind(item), n / len(pile)) for item, n in sorted(counts.items())]


def dice_outcomes(tables: Sequence[Sequence[str]]) -> list[tuple[Roll, float]] | None:
    """Every ordered result of rolling dice with these faces (a face printed
    twice is twice as likely); None when too many to list."""
    size = 1
    for t in tables:
        size *= len(set(t))
        if size > MAX_LISTED_OUTCOMES:
            return None
    per_die = [[(f, list(t).count(f) / len(t)) for f in sorted(set(t))] for t in tables]
    out = []
    for combo in itertools.product(*per_die):
        p = 1.0
        for _, q in combo:
            p *= q
        out.append((Roll(tuple(f for f, _ in combo)), p))
    return out


__all__ = ["MAX_LISTED_OUTCOMES", "counted", "dice_outcomes"]
