"""Which missions and modules Toybox knows: the parts, found by name.

The built-in parts register themselves when ``engine.little_soldiers.parts``
is imported; a new mission or module registers its class the same way
(``REGISTRY.add_mission``, ``REGISTRY.add_module``), from any file, tests
included. Everything that lists missions or modules (the config's checks,
the start screen, ``toybox rules``, the records' action classes) reads them
from here, so a part is known everywhere once registered.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from engine.little_soldiers.part import Mission, Part

M = TypeVar("M", bound="type[Mission[Any]]")
P = TypeVar("P", bound="type[Part[Any]]")


class Registry:
    """Mission and module classes by name; ``missions[None]`` is the Bootcamp's game."""

    def __init__(self) -> None:
        self.missions: dict[str | None, type[Mission[Any]]] = {}
        self.modules: dict[str, type[Part[Any]]] = {}
        """By name, in the order their hooks run in a game."""

    def add_mission(self, cls: M, default: bool = False) -> M:
        """Register a mission class under its ``key`` (``default``: the game
        played when the config names no mission)."""
        key = None if default else cls.key
        if not default and (not key or key in self.modules):
            raise ValueError(f"a mission needs a key of its own, not {key!r}")
        self.missions[key] = cls
        return cls

    def add_module(self, cls: P) -> P:
        if not cls.key or cls.key in self.missions:
            raise ValueError(f"a module needs a key of its own, not {cls.key!r}")
        self.modules[cls.key] = cls
        return cls

    def mission(self, key: str | None) -> type[Mission[Any]]:
        return self.missions[key]

    def module(self, key: str) -> type[Part[Any]]:
        return self.modules[key]

    def mission_keys(self) -> list[str]:
        """The named missions (the Bootcamp's game is no mission)."""
        return [k for k in self.missions if k is not None]

    def listed_modules(self) -> tuple[str, ...]:
        """The modules in the Module Book's order (``Config.modules`` order)."""
        return tuple(sorted(self.modules, key=lambda k: self.modules[k].listing))

    def action_classes(self) -> Iterator[type]:
        """Every action class a registered part declares."""
        for cls in [*self.missions.values(), *self.modules.values()]:
            yield from cls.actions
            yield from cls.extra_types


REGISTRY = Registry()
"""The missions and modules this Toybox plays."""

__all__ = ["REGISTRY", "Registry"]
