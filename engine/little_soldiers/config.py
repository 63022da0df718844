"""Little Soldiers options: players, battlefield, modules, squads, chosen values.

A frozen dataclass checked on construction, so a bad option is refused with
one sentence before a game starts. ``overrides`` replaces any chosen value
(the constants marked ``# chosen:`` in ``rules_data`` and ``data``) by name.

What a mission or a module allows (players, modules, squads) is declared by
its class (``engine.little_soldiers.part``) and read from the registry of
parts, so the checks here name none of them: ``MISSIONS`` and ``MODULES``
below are views of the registry.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, overload

import engine.little_soldiers.parts  # noqa: F401 - registers the built-in missions and modules
from engine.little_soldiers import data as D
from engine.little_soldiers import mission_data as M
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.registry import REGISTRY

if TYPE_CHECKING:
    from engine.little_soldiers.part import Mission, Part

DEFAULT_LEVEL = "levels/little_soldiers/bootcamp.json"


@dataclass(frozen=True)
class MissionSpec:
    """A Mission Book mission: who may play it, with which modules, where
    (read from the mission's class)."""

    title: str
    players: tuple[int, int]
    required: tuple[str, ...]
    optional: tuple[str, ...]
    level: str

    @classmethod
    def of(cls, mission: type[Mission[Any]]) -> MissionSpec:
        return cls(mission.title, mission.players or (2, 2), mission.required, mission.optional, mission.level)


class _Missions(Mapping[str, MissionSpec]):
    """The registered missions' specs by name, read from the registry each time."""

    def __getitem__(self, key: str) -> MissionSpec:
        if key is None or key not in REGISTRY.missions:
            raise KeyError(key)
        return MissionSpec.of(REGISTRY.missions[key])

    def __iter__(self) -> Iterator[str]:
        return iter(REGISTRY.mission_keys())

    def __len__(self) -> int:
        return len(REGISTRY.mission_keys())


class _Modules(Sequence[str]):
    """The registered modules' names in the Module Book's order, read from the registry each time."""

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[str]: ...

    def __getitem__(self, i: int | slice) -> str | Sequence[str]:
        return REGISTRY.listed_modules()[i]

    def __len__(self) -> int:
        return len(REGISTRY.modules)

    def __contains__(self, key: object) -> bool:
        return key in REGISTRY.modules

    def __repr__(self) -> str:
        return repr(REGISTRY.listed_modules())


MISSIONS: Mapping[str, MissionSpec] = _Missions()
"""Players, modules and battlefield per mission (Mission Book overview and
each mission's "Required and Optional Modules"). Required modules are added
to a config that leaves them out."""

MODULES: Sequence[str] = _Modules()
"""The Module Book's modules this engine plays, in the book's order."""


def mission_class(mission: str | None) -> type[Mission[Any]]:
    """The class of a mission by its canonical name (None: the Bootcamp's game)."""
    return REGISTRY.mission(mission)


def module_class(module: str) -> type[Part[Any]]:
    return REGISTRY.module(module)


def mission_name(value: Any) -> str | None:
    """A mission's canonical name from "king-of-the-hill", "King of the Hill", ..."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"mission must be a mission name, not {value!r}")
    key = value.strip().lower().replace("-", "_").replace(" ", "_").replace('"', "")
    if key not in MISSIONS:
        raise ValueError(f"unknown mission {value!r} (missions: {', '.join(n.replace('_', '-') for n in MISSIONS)})")
    return key


@dataclass(frozen=True)
class Chosen:
    """Every value the books do not print, resolved with the config's overrides."""

    defense: Mapping[str, int]
    toughness: Mapping[str, int]
    attack_die_faces: tuple[str, ...]
    sniper_die_faces: tuple[str, ...]
    grenade_die_faces: tuple[str, ...]
    grenade_face_values: Mapping[str, int]
    mortar_token_sides: Mapping[str, int]
    flag_steps_to_victory: int
    green_length: float
    red_length: float
    yellow_length: float
    practice_shots: int
    contact_tolerance: float
    threat_stats: Mapping[str, tuple[int, int]]
    threat_track_spaces: Mapping[int, int]
    threat_target_radius: float
    adjacent_scenery: float
    battle_royale_round_limit: int
    generals_orders_bonus: int


def _overridable() -> dict[str, Any]:
    return {
        "GRENADIER_DEFENSE": R.GRENADIER_DEFENSE,
        "OPERATOR_DEFENSE": R.OPERATOR_DEFENSE,
        "INFANTRY_DEFENSE": R.INFANTRY_DEFENSE,
        "SNIPER_DEFENSE": R.SNIPER_DEFENSE,
        "INFANTRY_TOUGHNESS": R.INFANTRY_TOUGHNESS,
        "SNIPER_TOUGHNESS": R.SNIPER_TOUGHNESS,
        "GRENADIER_TOUGHNESS": R.GRENADIER_TOUGHNESS,
        "OPERATOR_TOUGHNESS": R.OPERATOR_TOUGHNESS,
        "ATTACK_DIE_FACES": R.ATTACK_DIE_FACES,
        "SNIPER_DIE_FACES": R.SNIPER_DIE_FACES,
        "GRENADE_FACE_VALUES": dict(D.GRENADE_FACE_VALUES),
        "MORTAR_TOKEN_SIDES": dict(D.MORTAR_TOKEN_SIDES),
        "FLAG_STEPS_TO_VICTORY": R.FLAG_STEPS_TO_VICTORY,
        "GREEN_MOVE_TOKEN_LENGTH": D.GREEN_MOVE_TOKEN_LENGTH,
        "RED_CORD_LENGTH": D.RED_CORD_LENGTH,
        "YELLOW_CORD_LENGTH": D.YELLOW_CORD_LENGTH,
        "PRACTICE_SHOTS": R.PRACTICE_SHOTS,
        "CONTACT_TOLERANCE": R.CONTACT_TOLERANCE,
        "BATTLE_ROYALE_ROUND_LIMIT": M.BATTLE_ROYALE_ROUND_LIMIT,
        "OCTOCUTIE_HEAD_DEFENSE": M.OCTOCUTIE_HEAD_DEFENSE,
        "OCTOCUTIE_HEAD_TOUGHNESS": M.OCTOCUTIE_HEAD_TOUGHNESS,
        "OCTOCUTIE_TENTACLE_DEFENSE": M.OCTOCUTIE_TENTACLE_DEFENSE,
        "OCTOCUTIE_TENTACLE_TOUGHNESS": M.OCTOCUTIE_TENTACLE_TOUGHNESS,
        "THREAT_TRACK_SPACES": dict(M.THREAT_TRACK_SPACES),
        "THREAT_TARGET_RADIUS": M.THREAT_TARGET_RADIUS,
        "ADJACENT_SCENERY_CM": M.ADJACENT_SCENERY_CM,
        "GENERALS_ORDERS_BONUS": M.GENERALS_ORDERS_BONUS,
    }


MAX_OVERRIDE_LENGTH_CM = 1000.0
"""Chosen: the longest length an override may set (a table is about 120 cm;
larger values only break the geometry)."""

MAX_OVERRIDE_COUNT = 1000
"""Chosen: the largest whole number an override may set."""


def _check_override(name: str, default: Any, value: Any) -> Any:
    """The override converted to the default's type, or a ValueError saying why not."""
    where = f"overrides.{name}"
    if isinstance(default, bool) or isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_OVERRIDE_COUNT:
            raise ValueError(f"{where} must be a whole number from 0 to {MAX_OVERRIDE_COUNT}, not {value!r}")
        if name in ("FLAG_STEPS_TO_VICTORY",) or name.endswith("_TOUGHNESS"):
            if value < 1:
                raise ValueError(f"{where} must be at least 1")
        return value
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_OVERRIDE_LENGTH_CM:
            raise ValueError(f"{where} must be a positive length in cm, at most {MAX_OVERRIDE_LENGTH_CM:g}, "
                             f"not {value!r}")
        return float(value)
    if isinstance(default, tuple):
        if not isinstance(value, (list, tuple)) or not value or not all(isinstance(v, str) for v in value):
            raise ValueError(f"{where} must be a non-empty list of face names")
        allowed = set(default) | ({"double_hit"} if "hit" in default else set())
        unknown = [v for v in value if v not in allowed]
        if unknown:
            raise ValueError(f"{where}: unknown face {unknown[0]!r} (faces: {', '.join(sorted(allowed))})")
        return tuple(value)
    if isinstance(default, dict):
        if not isinstance(value, Mapping) or set(value) != set(default):
            raise ValueError(f"{where} must map exactly {', '.join(sorted(default))} to whole numbers")
        for k, v in value.items():
            lo = 1 if name == "THREAT_TRACK_SPACES" else 0
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= MAX_OVERRIDE_COUNT:
                raise ValueError(f"{where}.{k} must be a whole number from {lo} to {MAX_OVERRIDE_COUNT}, not {v!r}")
        return dict(value)
    raise ValueError(f"{where} cannot be overridden")  # pragma: no cover


def chosen_values(overrides: Mapping[str, Any]) -> tuple[dict[str, Any], Chosen]:
    """The chosen values by constant name (defaults + overrides), and resolved."""
    table = _overridable()
    for name, value in overrides.items():
        if name not in table:
            raise ValueError(f"overrides: {name!r} is not a chosen value (known: {', '.join(sorted(table))})")
        table[name] = _check_override(name, table[name], value)
    t = table
    return table, Chosen(
        defense={k: t[f"{k.upper()}_DEFENSE"] for k in R.SOLDIER_TYPES},
        toughness={k: max(1, t[f"{k.upper()}_TOUGHNESS"]) for k in R.SOLDIER_TYPES},
        attack_die_faces=t["ATTACK_DIE_FACES"],
        sniper_die_faces=t["SNIPER_DIE_FACES"],
        grenade_die_faces=tuple(D.GRENADE_DIE_FACES),  # the physics lands on these faces too (Terrain.throw passes Chosen)
        grenade_face_values=t["GRENADE_FACE_VALUES"],
        mortar_token_sides=t["MORTAR_TOKEN_SIDES"],
        flag_steps_to_victory=t["FLAG_STEPS_TO_VICTORY"],
        green_length=t["GREEN_MOVE_TOKEN_LENGTH"],
        red_length=t["RED_CORD_LENGTH"],
        yellow_length=t["YELLOW_CORD_LENGTH"],
        practice_shots=t["PRACTICE_SHOTS"],
        contact_tolerance=t["CONTACT_TOLERANCE"],
        threat_stats={
            "pinky": (M.PINKY_DEFENSE, M.PINKY_TOUGHNESS), "howdy": (M.HOWDY_DEFENSE, M.HOWDY_TOUGHNESS),
            "bob": (M.BOB_DEFENSE, M.BOB_TOUGHNESS),
            "octocutie-head": (t["OCTOCUTIE_HEAD_DEFENSE"], t["OCTOCUTIE_HEAD_TOUGHNESS"]),
            "octocutie-tentacle-1": (t["OCTOCUTIE_TENTACLE_DEFENSE"], t["OCTOCUTIE_TENTACLE_TOUGHNESS"]),
            "octocutie-tentacle-3": (t["OCTOCUTIE_TENTACLE_DEFENSE"], t["OCTOCUTIE_TENTACLE_TOUGHNESS"]),
        },
        threat_track_spaces={int(k): v for k, v in t["THREAT_TRACK_SPACES"].items()},
        threat_target_radius=t["THREAT_TARGET_RADIUS"],
        adjacent_scenery=t["ADJACENT_SCENERY_CM"],
        battle_royale_round_limit=t["BATTLE_ROYALE_ROUND_LIMIT"],
        generals_orders_bonus=min(t["GENERALS_ORDERS_BONUS"], M.BONUS_ORDER_TOKENS),
    )


def player_range(mission: str | None, modules: tuple[str, ...] | list[str] = ()) -> tuple[int, int]:
    """The fewest and most players this mission or these modules are for (as
    their classes declare). The config checks a count by it and the start
    screen offers the counts in it."""
    return mission_class(mission).player_range([module_class(m) for m in modules if m in REGISTRY.modules])


@dataclass(frozen=True)
class Config:
    """``players`` 2, or 3-4 with ``two_vs_two``, or as the ``mission`` allows;
    ``level`` a battlefield file (default: the mission's, else the Bootcamp's);
    ``modules`` from MODULES; ``squads`` the soldier types of each General in
    seating order (None: the defaults); ``overrides`` chosen values by name;
    ``mission`` one of MISSIONS (dashes or spaces accepted) or None."""

    players: int = 2
    level: str = ""
    modules: tuple[str, ...] = ()
    squads: tuple[tuple[str, ...], ...] | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict)
    mission: str | None = None
    battlefield_data: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
    """The battlefield itself, as a saved game embeds it: when given, ``level``
    is only its label and no battlefield file is read."""
    pinned: Any = field(default=None, init=False, compare=False, repr=False)
    """The battlefield of the ``level`` file as this config first read it: every
    game of this config plays on it, and a save embeds it, even if the file is
    saved again meanwhile (the editor open beside the game); a new config reads
    the file as it is then."""

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise ValueError(f"players must be a whole number, not {self.players!r}")
        mission = mission_name(self.mission)
        object.__setattr__(self, "mission", mission)
        rules = mission_class(mission)
        level = self.level or rules.level or DEFAULT_LEVEL
        if not isinstance(level, str) or not level:
            raise ValueError("level must be a battlefield file path")
        if self.battlefield_data is not None and not isinstance(self.battlefield_data, Mapping):
            raise ValueError("battlefield_data must be a battlefield (a JSON object)")
        object.__setattr__(self, "level", level)
        mods = tuple(self.modules)
        for m in mods:
            if m not in MODULES:
                raise ValueError(f"unknown module {m!r} (modules: {', '.join(MODULES)})")
        if len(set(mods)) != len(mods):
            raise ValueError("a module is listed twice")
        if mission:
            mods = rules.modules_for(self.players, mods)
        listed = REGISTRY.listed_modules()
        mods = tuple(m for m in listed if m in mods)  # canonical order
        object.__setattr__(self, "modules", mods)
        classes = [module_class(m) for m in mods]
        for cls in classes:
            for other in cls.requires:
                if other not in mods:
                    raise ValueError(f'"{cls.title}" must be played with the "{module_class(other).title}" module '
                                     "(Module Book)")
            for other in cls.excludes:
                if other in mods:
                    raise ValueError(f'"{cls.title}" cannot be used with "{module_class(other).title}" (Module Book)')
        reason = rules.players_reason(self.players, classes)
        if reason:
            raise ValueError(reason)
        squads = self.squads
        if squads is None:
            squads = rules.default_squads(self.players, classes)
        squads = tuple(tuple(s) for s in squads)
        object.__setattr__(self, "squads", squads)
        reason = rules.squads_error(squads, self.players, classes)
        if reason:
            raise ValueError(reason)
        self._check_box(squads)
        if not isinstance(self.overrides, Mapping):
            raise ValueError("overrides must map chosen value names to values")
        object.__setattr__(self, "overrides", dict(self.overrides))
        chosen_values(self.overrides)  # raises on a bad override

    @staticmethod
    def _check_box(squads: tuple[tuple[str, ...], ...]) -> None:
        box = Counter(R.BOX_FIGURINES)
        for team in range(len(R.TEAMS)):
            used = Counter(t for s in squads[team::len(R.TEAMS)] for t in s)
            for t, n in used.items():
                if n > box[t]:
                    raise ValueError(f"the {R.TEAMS[team]} squads use {n} {t} figurines; the box has {box[t]}")

    def has(self, module: str) -> bool:
        return module in self.modules

    @property
    def generals(self) -> int:
        return len(self.squads or ())

    def seat_of(self, general: int) -> int:
        """Who plays General ``general``: as the mission and modules say (with
        3 players in 2 Against 2 the first player runs both green Generals)."""
        return mission_class(self.mission).seat_of(general, self.players, [module_class(m) for m in self.modules])

    def battlefield(self) -> Any:
        """The Battlefield played on: the embedded one, else the ``level`` file as first read (``pinned``)."""
        from engine.little_soldiers.battlefields import embedded_battlefield, load_battlefield

        if self.battlefield_data is not None:
            return embedded_battlefield(self.battlefield_data)
        if self.pinned is None:
            object.__setattr__(self, "pinned", load_battlefield(self.level))
        return self.pinned

    def embedded(self) -> dict[str, Any]:
        """What a saved game carries besides the config: the battlefield played on."""
        return {"battlefield_data": self.battlefield().to_dict()}

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "level": self.level,
            "modules": list(self.modules),
            "squads": [list(s) for s in self.squads or ()],
            "overrides": {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.overrides.items()},
            "mission": self.mission,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Config:
        known = {f.name for f in fields(cls)}
        if not isinstance(data, Mapping):
            raise ValueError("the config must be a JSON object")
        for key in data:
            if key not in known:
                raise ValueError(f"unknown option {key!r} (known: {', '.join(sorted(known))})")
        kwargs = dict(data)
        if "modules" in kwargs:
            mods = kwargs["modules"]
            if isinstance(mods, str) or not isinstance(mods, (list, tuple)):
                raise ValueError("modules must be a list of module names")
            kwargs["modules"] = tuple(mods)
        if kwargs.get("squads") is not None:
            sq = kwargs["squads"]
            if not isinstance(sq, (list, tuple)) or not all(isinstance(s, (list, tuple)) for s in sq):
                raise ValueError("squads must be a list of lists of soldier types")
            kwargs["squads"] = tuple(tuple(s) for s in sq)
        return cls(**kwargs)
