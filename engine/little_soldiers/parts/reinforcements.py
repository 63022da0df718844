"""The "Reinforcements" module: more soldiers, an Order token straight onto
the General for each one past the starting two (the squads are checked by
``Config``)."""

from __future__ import annotations

from typing import ClassVar

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.parts.base import Part


class Reinforcements(Part):
    key: ClassVar[str] = "reinforcements"
    title: ClassVar[str] = "Reinforcements"
    setup_order: ClassVar[int] = 10  # before the mission's set-up moves tokens about

    def setup(self) -> None:
        for gen in self.state.generals:
            gen.tokens += max(0, len(gen.soldiers) - R.STARTING_SOLDIERS)
