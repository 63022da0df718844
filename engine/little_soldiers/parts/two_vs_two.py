"""The "2 Against 2" module: two Generals per colour, turns clockwise.

Everything it changes is who sits where: four Generals alternating colours
(``Config.squads`` and ``Config.seat_of``: with three players one seat runs
both green Generals), sides are the colours, and a General with nothing in
play has no turn (the core skips it). No rule of the turn itself changes,
so the part has no hooks; it is here so every module is a part.
"""

from __future__ import annotations

from typing import ClassVar

from engine.little_soldiers.parts.base import Part


class TwoVsTwo(Part):
    key: ClassVar[str] = "two_vs_two"
    title: ClassVar[str] = "2 Against 2"
    readings: ClassVar[tuple[str, ...]] = (
        "2 Against 2: a General with no Little Soldier in play has no turn (Move and Order need one); the turn "
        "passes to the next General clockwise.",
    )
