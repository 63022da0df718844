"""The "Levels" module: climb scenery with a Level token, attack from above.

Climbing up and down is the table's geometry (``Terrain.climb``); this part
lets the core allow it and adds the Height Advantage reroll. Arriving by
Teleporter or parachute lands on the surface under the point.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.parts.base import Part
from engine.little_soldiers.pieces import Soldier


class Levels(Part):
    key: ClassVar[str] = "levels"
    title: ClassVar[str] = "Levels"
    climbing: ClassVar[bool] = True

    def reroll_bonus(self, attacker: Soldier, target: Any, why: dict[str, Any]) -> int:
        """Height Advantage: +1 reroll attacking from a Level higher than the target's."""
        if not isinstance(target, Soldier):
            return 0  # a Threat stands on no Level
        terrain = self.state.terrain
        high = terrain.level(attacker.spot.surface) > terrain.level(target.spot.surface)
        why["higher_level"] = high
        return R.HEIGHT_REROLLS if high else 0
