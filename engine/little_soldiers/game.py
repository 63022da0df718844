"""The ruleset of one Little Soldiers game, built once: ``LittleSoldiersGame``.

OpenSpiel splits a game into a Game (the rules and facts that never change
while it is played) and States (what changes). Here the Game is the config,
its chosen values, the battlefield as the rules see it, the parts loaded
(the mission first, then the modules, in the order their hooks run), and
what the core derives from them once: every step's owner and kind, the
hooks each part defines, what the parts change on the table, and the action
classes the records hold. A ``LittleSoldiersState`` refers to its Game and
is plain data besides; copies share the Game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from engine.little_soldiers.config import Config, chosen_values, mission_class, module_class
from engine.little_soldiers.part import HOOKS, Mission, Part
from engine.little_soldiers.phases import CORE_PHASES, PhaseKind, PhaseSpec
from engine.little_soldiers.registry import REGISTRY
from engine.little_soldiers.steps import CoreSteps
from engine.little_soldiers.terrain import Terrain

if TYPE_CHECKING:
    import random

    from engine.little_soldiers.config import Chosen
    from engine.little_soldiers.state import LittleSoldiersState

P = TypeVar("P", bound=Part[Any])


class Steps(Protocol):
    """Whoever runs a step: the core (``CoreSteps``) or a part."""

    def to_act(self, st: LittleSoldiersState) -> int | None: ...
    def legal(self, st: LittleSoldiersState, seat: int) -> list[Any]: ...
    def check(self, st: LittleSoldiersState, seat: int, action: Any) -> str | None: ...
    def apply(self, st: LittleSoldiersState, seat: int, action: Any) -> None: ...
    def help(self, st: LittleSoldiersState) -> str: ...
    def chance_outcomes(self, st: LittleSoldiersState) -> list[tuple[Any, float]] | None: ...
    def sample_chance(self, st: LittleSoldiersState, rng: random.Random) -> Any: ...
    def check_chance(self, st: LittleSoldiersState, action: Any) -> str | None: ...
    def audience(self, st: LittleSoldiersState, action: Any) -> frozenset[int] | None: ...


@dataclass(frozen=True, eq=False)
class LittleSoldiersGame:
    """One game's rules: see the module's docstring. Build with ``build``."""

    config: Config
    values: Mapping[str, Any]
    """The chosen values by constant name (defaults and overrides)."""
    chosen: Chosen
    terrain: Terrain
    """The battlefield as set up (a mission may play on a variant for a while: ``state.terrain``)."""
    parts: tuple[Part[Any], ...]
    """The mission's part first, then the config's modules in the registry's order."""
    core: CoreSteps = field(default_factory=CoreSteps)
    phases: Mapping[str, PhaseSpec] = field(default_factory=dict)
    """Every step of this game by name: the core's and the parts'."""
    owners: Mapping[str, Steps] = field(default_factory=dict)
    """Who runs each step (the core or a part), by step name."""
    hooks: Mapping[str, tuple[Part[Any], ...]] = field(default_factory=dict)
    """The parts that define each hook, in order: the core asks only those."""
    by_key: Mapping[str, Part[Any]] = field(default_factory=dict)
    extra: tuple[Part[Any], ...] = ()
    """The parts that add actions to the core's Move and Order steps."""
    extra_types: tuple[type, ...] = ()
    variants: dict[tuple[str, ...], Terrain] = field(default_factory=dict, repr=False)
    """The battlefield without some scenery pieces, made once each (a memo: the Game's facts do not change)."""

    @classmethod
    def build(cls, config: Config, terrain: Terrain) -> LittleSoldiersGame:
        values, chosen = chosen_values(config.overrides)
        classes: list[type[Part[Any]]] = [mission_class(config.mission)]
        classes += [module_class(m) for m in registry_order(config.modules)]
        parts = tuple(c() for c in classes)
        for i, p in enumerate(parts):
            p.index = i
        phases: dict[str, PhaseSpec] = {p: p for p in CORE_PHASES}
        core = CoreSteps()
        owners: dict[str, Steps] = {p: core for p in CORE_PHASES}
        for p in parts:
            for ph in p.phases:
                if ph in owners:
                    raise ValueError(f"{type(p).__name__} declares the step {ph!r}, which is already "
                                     f"{'the core' if owners[ph] is core else type(owners[ph]).__name__}'s")
                phases[ph] = ph
                owners[ph] = p
        hooks = {name: tuple(p for p in parts if name in p.overrides) for name in HOOKS}
        extra = tuple(p for p in parts if p.extra_types)
        return cls(config, MappingProxyType(dict(values)), chosen, terrain, parts, core, MappingProxyType(phases),
                   MappingProxyType(owners), MappingProxyType(hooks), MappingProxyType({p.key: p for p in parts}),
                   extra, tuple(t for p in extra for t in p.extra_types))

    # ------------------------------------------------------------------ the parts
    @property
    def mission(self) -> Mission[Any]:
        m = self.parts[0]
        assert isinstance(m, Mission)
        return m

    def part(self, cls: type[P]) -> P | None:
        """The loaded part that is a ``cls`` (a mission based on another is
        found by the other's class too), or None when none is played."""
        for p in self.parts:
            if isinstance(p, cls):
                return p
        return None

    def part_keyed(self, key: str) -> Part[Any]:
        found = self.by_key.get(key)
        if found is None:
            raise ValueError(f"no part {key!r} is played in this game")
        return found

    def terrain_without(self, pieces: tuple[str, ...]) -> Terrain:
        """The battlefield without these scenery pieces (none: as set up), built once per set."""
        if not pieces:
            return self.terrain
        found = self.variants.get(pieces)
        if found is None:
            found = self.variants[pieces] = self.terrain.without(pieces)
        return found

    def step(self, name: str) -> PhaseSpec:
        """This game's step called ``name``; a ValueError names an unknown one."""
        spec = self.phases.get(name)
        if spec is None:
            raise ValueError(f"this game has no step {name!r} (steps: {', '.join(sorted(self.phases))})")
        return spec

    @property
    def chance_phases(self) -> frozenset[PhaseSpec]:
        return frozenset(p for p in self.phases.values() if p.kind is PhaseKind.CHANCE)

    @property
    def continuous_phases(self) -> frozenset[PhaseSpec]:
        return frozenset(p for p in self.phases.values() if p.kind is PhaseKind.CONTINUOUS)

    # ------------------------------------------------------------------ what the parts change
    @property
    def cooperative(self) -> bool:
        """Every seat on one side against the game."""
        return self.mission.cooperative

    @property
    def uses_star(self) -> bool:
        return self.mission.uses_star

    @property
    def free_deploy(self) -> bool:
        return self.mission.deploy_without_blocks or any(p.free_deploy for p in self.parts)

    @property
    def deploy_chain(self) -> bool:
        return any(p.deploy_chain for p in self.parts)

    @property
    def climbing(self) -> bool:
        return any(p.climbing for p in self.parts)

    @property
    def lightning(self) -> bool:
        """Whether lightning results count (some Little Soldier may have its Special Ability)."""
        return any(p.lightning for p in self.parts)

    @property
    def table_objects(self) -> bool:
        return any(p.table_objects for p in self.parts)

    def catalog(self) -> dict[str, Any]:
        """Public reference data the parts publish (the Tactics cards' texts), merged."""
        out: dict[str, Any] = {}
        for p in self.parts:
            out.update(p.catalog())
        return out


def registry_order(modules: tuple[str, ...]) -> list[str]:
    """``modules`` in the order their hooks run (the registry's)."""
    order = list(REGISTRY.modules)
    return sorted(modules, key=order.index)


def make_terrain(config: Config, battlefield: Any | None = None) -> Terrain:
    """The battlefield as the rules see it, with what the config's modules change (climbing, Objects)."""
    bf = battlefield if battlefield is not None else config.battlefield()
    _, chosen = chosen_values(config.overrides)
    parts = [module_class(m) for m in config.modules]
    return Terrain(bf, any(p.climbing for p in parts), any(p.table_objects for p in parts), chosen.contact_tolerance)
