"""The modules and missions of Little Soldiers, one part per file.

Adding a mission is one new file (a ``Mission`` subclass) and one line in
``MISSIONS`` below (plus its ``MissionSpec`` in ``config``: players,
modules, battlefield); a module is a ``Part`` subclass and a line in
``MODULES``. The core builds the parts a config names and never asks
which they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.little_soldiers.parts.a_new_threat import ANewThreat
from engine.little_soldiers.parts.advanced_tactics import AdvancedTactics
from engine.little_soldiers.parts.another_new_threat import AnotherNewThreat
from engine.little_soldiers.parts.base import Mission, Part
from engine.little_soldiers.parts.battle_royale import BattleRoyale
from engine.little_soldiers.parts.bootcamp import Bootcamp
from engine.little_soldiers.parts.king_of_the_hill import KingOfTheHill
from engine.little_soldiers.parts.levels import Levels
from engine.little_soldiers.parts.objects import Objects
from engine.little_soldiers.parts.reinforcements import Reinforcements
from engine.little_soldiers.parts.super_soldier import SuperSoldier
from engine.little_soldiers.parts.two_vs_two import TwoVsTwo

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

MISSIONS: dict[str | None, type[Mission]] = {
    None: Bootcamp,
    KingOfTheHill.key: KingOfTheHill,
    BattleRoyale.key: BattleRoyale,
    ANewThreat.key: ANewThreat,
    AnotherNewThreat.key: AnotherNewThreat,
}
"""Mission parts by ``Config.mission`` (None: the Bootcamp Book's game)."""

MODULES: dict[str, type[Part]] = {
    Reinforcements.key: Reinforcements,
    SuperSoldier.key: SuperSoldier,
    TwoVsTwo.key: TwoVsTwo,
    Levels.key: Levels,
    AdvancedTactics.key: AdvancedTactics,  # before Objects: a Crate's cards are drawn before an Object is used
    Objects.key: Objects,
}
"""Module parts by ``Config.modules`` name; the core calls their hooks in this order."""


def mission_class(mission: str | None) -> type[Mission]:
    return MISSIONS[mission]


def make_parts(state: LittleSoldiersState) -> list[Part]:
    """The mission's part first, then the config's modules in ``MODULES`` order."""
    config = state.config
    parts: list[Part] = [MISSIONS[config.mission](state)]
    parts += [cls(state) for key, cls in MODULES.items() if config.has(key)]
    return parts


__all__ = ["MISSIONS", "MODULES", "Mission", "Part", "make_parts", "mission_class"]
