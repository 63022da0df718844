"""The "Reinforcements" module: more soldiers, an Order token straight onto
the General for each one past the starting two (the squads' sizes are
declared here and checked by ``Config``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.part import Part

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState


class Reinforcements(Part[None]):
    key: ClassVar[str] = "reinforcements"
    title: ClassVar[str] = "Reinforcements"
    listing: ClassVar[int] = 4
    excludes: ClassVar[tuple[str, ...]] = ("two_vs_two",)  # "cannot be used with 2 Against 2"
    squads: ClassVar[tuple[tuple[str, ...], ...] | None] = (
        ("infantry", "grenadier", "operator"), ("infantry", "sniper", "operator"))
    squad_sizes: ClassVar[tuple[int, int] | None] = (R.STARTING_SOLDIERS, R.FIGURINES_PER_COLOUR)
    setup_order: ClassVar[int] = 10  # before the mission's set-up moves tokens about

    @classmethod
    def squads_reason(cls, squads: tuple[tuple[str, ...], ...]) -> str | None:
        if len({len(s) for s in squads}) != 1:
            return "with Reinforcements each team adds an equal number of soldiers"
        return None

    def setup(self, st: LittleSoldiersState) -> None:
        for gen in st.generals:
            gen.tokens += max(0, len(gen.soldiers) - R.STARTING_SOLDIERS)
