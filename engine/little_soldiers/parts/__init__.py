"""The modules and missions of Little Soldiers, one part per file.

Importing this package registers the built-in parts (``registry.REGISTRY``);
the core builds the parts a config names and never asks which they are.
A new mission is one file: a ``Mission`` subclass with its steps, slice,
rules and bot hooks, registered with ``REGISTRY.add_mission`` (a test can
define and register one without touching the engine).
"""

from __future__ import annotations

from typing import Any

from engine.little_soldiers.part import Mission, Part
from engine.little_soldiers.parts.a_new_threat import ANewThreat
from engine.little_soldiers.parts.advanced_tactics import AdvancedTactics
from engine.little_soldiers.parts.another_new_threat import AnotherNewThreat
from engine.little_soldiers.parts.battle_royale import BattleRoyale
from engine.little_soldiers.parts.bootcamp import Bootcamp
from engine.little_soldiers.parts.king_of_the_hill import KingOfTheHill
from engine.little_soldiers.parts.levels import Levels
from engine.little_soldiers.parts.objects import Objects
from engine.little_soldiers.parts.reinforcements import Reinforcements
from engine.little_soldiers.parts.super_soldier import SuperSoldier
from engine.little_soldiers.parts.two_vs_two import TwoVsTwo
from engine.little_soldiers.registry import REGISTRY, Registry

REGISTRY.add_mission(Bootcamp, default=True)
for _mission in (KingOfTheHill, BattleRoyale, ANewThreat, AnotherNewThreat):
    REGISTRY.add_mission(_mission)
# The order their hooks run in: Advanced Tactics before Objects (a Crate's
# cards are drawn before an Object is used).
for _module in (Reinforcements, SuperSoldier, TwoVsTwo, Levels, AdvancedTactics, Objects):
    REGISTRY.add_module(_module)

MISSIONS: dict[str | None, type[Mission[Any]]] = REGISTRY.missions
"""Mission parts by ``Config.mission`` (None: the Bootcamp Book's game)."""

MODULES: dict[str, type[Part[Any]]] = REGISTRY.modules
"""Module parts by ``Config.modules`` name, in the order the core calls their hooks."""


def mission_class(mission: str | None) -> type[Mission[Any]]:
    return REGISTRY.mission(mission)


__all__ = ["MISSIONS", "MODULES", "REGISTRY", "Mission", "Part", "Registry", "mission_class"]
