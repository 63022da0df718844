"""The "2 Against 2" module: two Generals per colour, turns clockwise.

Everything it changes is who sits where: four Generals alternating colours
(with three players one seat runs both green Generals: ``seats``), 3 or 4
players, no squad with two Infantry; sides are the colours, and a General
with nothing in play has no turn (the core skips it). No rule of the turn
itself changes, so the part has no hooks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.little_soldiers.part import Part


class TwoVsTwo(Part[None]):
    key: ClassVar[str] = "two_vs_two"
    title: ClassVar[str] = "2 Against 2"
    listing: ClassVar[int] = 5
    players: ClassVar[tuple[int, int] | None] = (3, 4)
    generals: ClassVar[int | None] = 4
    seats: ClassVar[Mapping[int, tuple[int, ...]]] = {3: (0, 1, 0, 2)}
    """With 3 players, player 1 runs both green Generals (0 and 2)."""
    readings: ClassVar[tuple[str, ...]] = (
        "2 Against 2: a General with no Little Soldier in play has no turn (Move and Order need one); the turn "
        "passes to the next General clockwise.",
    )

    @classmethod
    def squad_reason(cls, index: int, squad: tuple[str, ...]) -> str | None:
        if squad.count("infantry") > 1:
            return f"squads[{index}]: in 2 Against 2 you cannot have 2 Infantry in your squad"
        return None
