"""Little Soldiers options: players, battlefield, modules, squads, chosen values.

A frozen dataclass checked on construction, so a bad option is refused with
one sentence before a game starts. ``overrides`` replaces any chosen value
(the constants marked ``# chosen:`` in ``rules_data`` and ``data``) by name.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from engine.little_soldiers import data as D
from engine.little_soldiers import mission_data as M
from engine.little_soldiers import rules_data as R

MODULES: tuple[str, ...] = ("super_soldier", "levels", "objects", "reinforcements", "two_vs_two", "advanced_tactics")
"""The Module Book's modules this engine plays."""

DEFAULT_LEVEL = "levels/little_soldiers/bootcamp.json"


@dataclass(frozen=True)
class MissionSpec:
    """A Mission Book mission: who may play it, with which modules, where."""

    title: str
    players: tuple[int, int]
    required: tuple[str, ...]
    optional: tuple[str, ...]
    level: str


MISSIONS: Mapping[str, MissionSpec] = {
    M.KING_OF_THE_HILL: MissionSpec("King of the Hill", (2, 4), ("levels",),
                                    ("super_soldier", "objects", "advanced_tactics"),
                                    "levels/little_soldiers/king-of-the-hill.json"),
    M.BATTLE_ROYALE: MissionSpec("Battle Royale", (2, 6), ("super_soldier",), ("levels", "objects"),
                                 "levels/little_soldiers/battle-royale.json"),
    M.A_NEW_THREAT: MissionSpec("A New Threat", (1, 4), (), ("super_soldier",),
                                "levels/little_soldiers/a-new-threat.json"),
    M.ANOTHER_NEW_THREAT: MissionSpec("Another New Threat", (1, 4), (), ("super_soldier",),
                                      "levels/little_soldiers/another-new-threat.json"),
}
"""Players, modules and battlefield per mission (Mission Book overview and
each mission's "Required and Optional Modules"). Required modules are added
to a config that leaves them out; solo threat missions add Reinforcements."""

MISSION_SQUADS: dict[str, dict[int, tuple[tuple[str, ...], ...]]] = {
    # King of the Hill: "1 Infantry only and 1 other Little Soldier of their choice".
    M.KING_OF_THE_HILL: {
        2: (("infantry", "grenadier"), ("infantry", "sniper")),
        3: (("infantry", "grenadier"), ("infantry", "sniper"), ("infantry", "operator")),
        4: (("infantry", "grenadier"), ("infantry", "sniper"), ("infantry", "operator"), ("infantry", "operator")),
    },
    # Battle Royale: one large Little Soldier card each, green or yellow.
    M.BATTLE_ROYALE: {n: (("infantry",), ("infantry",), ("sniper",), ("sniper",), ("grenadier",), ("operator",))[:n]
                      for n in range(2, 7)},
    # A New Threat: solo "any 4 Little Soldiers"; 3-4 players an Infantry and another type each.
    M.A_NEW_THREAT: {
        1: (("infantry", "sniper", "grenadier", "operator"),),
        2: (("infantry", "grenadier"), ("infantry", "sniper")),
        3: (("infantry", "grenadier"), ("infantry", "sniper"), ("infantry", "operator")),
        4: (("infantry", "grenadier"), ("infantry", "sniper"), ("infantry", "operator"), ("infantry", "operator")),
    },
}
MISSION_SQUADS[M.ANOTHER_NEW_THREAT] = MISSION_SQUADS[M.A_NEW_THREAT]


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

DEFAULT_SQUADS: dict[int, tuple[tuple[str, ...], ...]] = {
    # per General, in seating order; Generals alternate green, yellow, ...
    2: (("infantry", "grenadier"), ("infantry", "sniper")),
    4: (("infantry", "grenadier"), ("infantry", "sniper"), ("infantry", "sniper"), ("infantry", "operator")),
}
REINFORCED_SQUADS = (("infantry", "grenadier", "operator"), ("infantry", "sniper", "operator"))


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
    from engine.little_soldiers import data as D

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


TWO_VS_TWO_PLAYERS = (3, 4)
"""2 Against 2 is for 3 or 4 players (Module Book); Bootcamp and the other modules for 2."""


def player_range(mission: str | None, modules: tuple[str, ...] | list[str] = ()) -> tuple[int, int]:
    """The fewest and most players this mission or these modules are for: the
    mission's own range, 3-4 with 2 Against 2, else 2. The config checks a
    count by it and the start screen offers the counts in it."""
    if mission:
        return MISSIONS[mission].players
    return TWO_VS_TWO_PLAYERS if "two_vs_two" in modules else (2, 2)


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

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise ValueError(f"players must be a whole number, not {self.players!r}")
        mission = mission_name(self.mission)
        object.__setattr__(self, "mission", mission)
        level = self.level or (MISSIONS[mission].level if mission else DEFAULT_LEVEL)
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
            mods = self._mission_modules(mission, mods)
        mods = tuple(m for m in MODULES if m in mods)  # canonical order
        object.__setattr__(self, "modules", mods)
        if "advanced_tactics" in mods and "super_soldier" not in mods:
            raise ValueError('"Advanced Tactics" must be played with the "Super Soldier" module (Module Book)')
        if "reinforcements" in mods and "two_vs_two" in mods:
            raise ValueError('"Reinforcements" cannot be used with "2 Against 2" (Module Book)')
        lo, hi = player_range(mission, mods)
        if not lo <= self.players <= hi:
            if mission:
                raise ValueError(f"{MISSIONS[mission].title} is for {lo} to {hi} players, not {self.players}")
            if "two_vs_two" in mods:
                raise ValueError(f"2 Against 2 is for 3 or 4 players, not {self.players}")
            raise ValueError(f"Little Soldiers is for 2 players (3-4 with the two_vs_two module), not {self.players}")
        generals = self.players if mission else (4 if "two_vs_two" in mods else 2)
        squads = self.squads
        if squads is None:
            if mission:
                squads = MISSION_SQUADS[mission][self.players]
            else:
                squads = REINFORCED_SQUADS if "reinforcements" in mods else DEFAULT_SQUADS[generals]
        squads = tuple(tuple(s) for s in squads)
        object.__setattr__(self, "squads", squads)
        if mission:
            self._check_mission_squads(squads, generals, mission)
        else:
            self._check_squads(squads, generals, mods)
        self._check_box(squads)
        if not isinstance(self.overrides, Mapping):
            raise ValueError("overrides must map chosen value names to values")
        object.__setattr__(self, "overrides", dict(self.overrides))
        chosen_values(self.overrides)  # raises on a bad override

    def _mission_modules(self, mission: str, mods: tuple[str, ...]) -> tuple[str, ...]:
        spec = MISSIONS[mission]
        required = set(spec.required)
        if mission in M.COOP_MISSIONS and self.players == 1:
            required.add("reinforcements")  # "At 1 player, Reinforcements"
        allowed = required | set(spec.optional)
        for m in mods:
            if m not in allowed:
                raise ValueError(f"{spec.title} cannot be played with the {m} module "
                                 f"(allowed: {', '.join(sorted(allowed)) or 'none'})")
        return tuple(mods) + tuple(sorted(required - set(mods)))

    @staticmethod
    def _check_mission_squads(squads: tuple[tuple[str, ...], ...], generals: int, mission: str) -> None:
        if len(squads) != generals:
            raise ValueError(f"squads needs one squad per player ({generals}), got {len(squads)}")
        for i, squad in enumerate(squads):
            for t in squad:
                if t not in R.SOLDIER_TYPES:
                    raise ValueError(f"squads[{i}]: unknown soldier type {t!r} (types: {', '.join(R.SOLDIER_TYPES)})")
            if mission == M.BATTLE_ROYALE:
                if len(squad) != 1:
                    raise ValueError(f"squads[{i}]: in Battle Royale each player has one Little Soldier")
            elif mission in M.COOP_MISSIONS and generals == 1:
                if len(squad) != 4:
                    raise ValueError("squads[0]: solo, take any 4 Little Soldiers (Mission Book)")
            else:
                if len(squad) != 2:
                    raise ValueError(f"squads[{i}]: an Infantry and one other Little Soldier")
                if "infantry" not in squad:
                    raise ValueError(f"squads[{i}]: every squad starts with an Infantry")
                if squad.count("infantry") > 1 and (mission == M.KING_OF_THE_HILL or generals >= 3):
                    # King of the Hill Setup E: "1 Infantry only and 1 other Little Soldier";
                    # A New Threat Setup F: "At 3 and 4 players ... one other different Little Soldier type".
                    raise ValueError(f"squads[{i}]: 1 Infantry only and one other, different Little Soldier")

    @staticmethod
    def _check_box(squads: tuple[tuple[str, ...], ...]) -> None:
        box = Counter(R.BOX_FIGURINES)
        for team in range(len(R.TEAMS)):
            used = Counter(t for s in squads[team::len(R.TEAMS)] for t in s)
            for t, n in used.items():
                if n > box[t]:
                    raise ValueError(f"the {R.TEAMS[team]} squads use {n} {t} figurines; the box has {box[t]}")

    @staticmethod
    def _check_squads(squads: tuple[tuple[str, ...], ...], generals: int, mods: tuple[str, ...]) -> None:
        if len(squads) != generals:
            raise ValueError(f"squads needs one squad per General ({generals}), got {len(squads)}")
        for i, squad in enumerate(squads):
            for t in squad:
                if t not in R.SOLDIER_TYPES:
                    raise ValueError(f"squads[{i}]: unknown soldier type {t!r} (types: {', '.join(R.SOLDIER_TYPES)})")
            if "infantry" not in squad:
                raise ValueError(f"squads[{i}]: every squad starts with an Infantry (Bootcamp, HQ Zone)")
            if "reinforcements" in mods:
                if not R.STARTING_SOLDIERS <= len(squad) <= R.FIGURINES_PER_COLOUR:
                    raise ValueError(f"squads[{i}]: with Reinforcements a squad has 2 to 5 soldiers")
            elif len(squad) != R.STARTING_SOLDIERS:
                raise ValueError(f"squads[{i}]: a squad is an Infantry and one other soldier (add Reinforcements for more)")
            if "two_vs_two" in mods and squad.count("infantry") > 1:
                raise ValueError(f"squads[{i}]: in 2 Against 2 you cannot have 2 Infantry in your squad")
        if "reinforcements" in mods and len({len(s) for s in squads}) != 1:
            raise ValueError("with Reinforcements each team adds an equal number of soldiers")

    def has(self, module: str) -> bool:
        return module in self.modules

    @property
    def generals(self) -> int:
        return len(self.squads or ())

    def seat_of(self, general: int) -> int:
        """Who plays General ``general``: with 3 players in 2 Against 2 the
        first player runs both green Generals (0 and 2). In a mission each
        player has one General (Battle Royale: one Little Soldier)."""
        if self.mission or self.generals == 2:
            return general
        if self.players == 4:
            return general
        return (0, 1, 0, 2)[general]

    def battlefield(self) -> Any:
        """The Battlefield played on: the embedded one, else the ``level`` file."""
        from engine.little_soldiers.battlefields import embedded_battlefield, load_battlefield

        if self.battlefield_data is not None:
            return embedded_battlefield(self.battlefield_data)
        return load_battlefield(self.level)

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
