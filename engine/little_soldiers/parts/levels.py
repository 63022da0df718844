"""The "Levels" module: climb scenery with a Level token, attack from above.

Climbing up and down is the table's geometry (``Terrain.climb``); this part
lets the core allow it and adds the Height Advantage reroll. Arriving by
Teleporter or parachute lands on the surface under the point.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.part import Part, Target
from engine.little_soldiers.pieces import Soldier

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState


class Levels(Part[None]):
    key: ClassVar[str] = "levels"
    title: ClassVar[str] = "Levels"
    listing: ClassVar[int] = 2
    climbing: ClassVar[bool] = True

    def reroll_bonus(self, st: LittleSoldiersState, attacker: Soldier, target: Soldier | Target,
                     why: dict[str, Any]) -> int:
        """Height Advantage: +1 reroll attacking from a Level higher than the target's."""
        if not isinstance(target, Soldier) or attacker.spot is None or target.spot is None:
            return 0  # a mission's target (a Threat) stands on no Level
        terrain = st.terrain
        high = terrain.level(attacker.spot.surface) > terrain.level(target.spot.surface)
        why["higher_level"] = high
        return R.HEIGHT_REROLLS if high else 0
