"""The pieces on a Little Soldiers table: soldiers, Generals, dice and throws.

Plain data with ``copy``, ``to_dict`` and ``from_dict``, so a state is
copied cheaply, written as JSON and built back from it (tests build
positions from data). Every part of the rules reads and writes these; none
of them knows a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Landing
from engine.little_soldiers.terrain import Spot


def spot_from(data: Mapping[str, Any] | None) -> Spot | None:
    """A Spot from its ``to_dict`` form (None stays None: in the HQ)."""
    if data is None:
        return None
    return Spot(float(data["x"]), float(data["y"]), data.get("surface"))


def landing_from(data: Mapping[str, Any] | None) -> Landing | None:
    if data is None:
        return None
    return Landing(float(data["x"]), float(data["y"]), float(data["z"]), str(data["face"]),
                   tuple(data.get("teleporters", ())), int(data.get("seed", 0)))


class Soldier:
    """One Little Soldier: its card's tokens and, in play, where it stands.

    Only what every game has: a module or mission keeps what it adds to a
    soldier (Bonus Order tokens, a flipped card, out for good) in its own
    slice of the state."""

    __slots__ = ("id", "general", "team", "side", "kind", "hearts", "shields", "orders", "spot")

    def __init__(self, ident: str, general: int, team: str, kind: str, side: str | None = None) -> None:
        self.id = ident
        self.general = general
        self.team = team  # the figurine's colour
        self.side = side or team  # who its enemies are: a colour, a General (free-for-all) or "players" (co-op)
        self.kind = kind
        self.hearts = 0
        self.shields = 0
        self.orders = 0
        self.spot: Spot | None = None  # None: on its card in the HQ

    @property
    def in_play(self) -> bool:
        return self.spot is not None

    @property
    def at(self) -> Spot:
        """Where a soldier in play stands (asking it of a soldier in the HQ is an error)."""
        if self.spot is None:
            raise ValueError(f"{self.id} is not in play")
        return self.spot

    def copy(self) -> Soldier:
        new = Soldier(self.id, self.general, self.team, self.kind, self.side)
        new.hearts, new.shields, new.orders, new.spot = self.hearts, self.shields, self.orders, self.spot
        return new

    def to_dict(self) -> dict[str, Any]:
        spot = None if self.spot is None else {"x": self.spot.x, "y": self.spot.y, "surface": self.spot.surface}
        return {"id": self.id, "general": self.general, "team": self.team, "side": self.side, "kind": self.kind,
                "hearts": self.hearts, "shields": self.shields, "orders": self.orders, "spot": spot}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Soldier:
        new = cls(data["id"], int(data["general"]), data["team"], data["kind"], data.get("side"))
        new.hearts, new.shields = int(data.get("hearts", 0)), int(data.get("shields", 0))
        new.orders = int(data.get("orders", 0))
        new.spot = spot_from(data.get("spot"))
        return new


class General:
    """A General card with its Chest: Order tokens on the lid, on the card,
    and at the bottom of the Chest (a module's additions, such as Tactics
    cards in hand, are in that module's slice)."""

    __slots__ = ("index", "team", "seat", "name", "lid", "tokens", "bottom", "soldiers")

    def __init__(self, index: int, team: str, seat: int, name: str, soldiers: list[str]) -> None:
        self.index = index
        self.team = team
        self.seat = seat
        self.name = name
        self.lid = R.LID_ORDER_TOKENS
        self.tokens = 0
        self.bottom = 0
        self.soldiers = soldiers

    def copy(self) -> General:
        new = General(self.index, self.team, self.seat, self.name, self.soldiers)
        new.lid, new.tokens, new.bottom = self.lid, self.tokens, self.bottom
        return new

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "team": self.team, "seat": self.seat, "name": self.name,
                "lid": self.lid, "tokens": self.tokens, "bottom": self.bottom, "soldiers": list(self.soldiers)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> General:
        new = cls(int(data["index"]), data["team"], int(data["seat"]), data["name"], list(data["soldiers"]))
        new.lid, new.tokens, new.bottom = int(data["lid"]), int(data["tokens"]), int(data["bottom"])
        return new


@dataclass
class AttackDice:
    """An Attack in progress: the dice on the table and what is left to do."""

    attacker: str
    target: str
    risky: bool
    faces: list[str | None]
    rerolls: int
    pending: tuple[int, ...]
    hits: int = 0
    lightning: int = 0
    hit_targets: list[str] = field(default_factory=list)
    left: int = 0  # lightning uses left (Operator, Grenadier)
    dice: int = R.ATTACK_DICE  # Attack dice rolled (Camouflage takes one); the Sniper die comes after them

    def copy(self) -> AttackDice:
        return AttackDice(self.attacker, self.target, self.risky, list(self.faces), self.rerolls, self.pending,
                          self.hits, self.lightning, list(self.hit_targets), self.left, self.dice)

    def to_dict(self) -> dict[str, Any]:
        return {"attacker": self.attacker, "target": self.target, "risky": self.risky, "faces": list(self.faces),
                "rerolls": self.rerolls, "pending": list(self.pending), "hits": self.hits,
                "lightning": self.lightning, "hit_targets": list(self.hit_targets), "left": self.left,
                "dice": self.dice}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AttackDice:
        return cls(data["attacker"], data["target"], bool(data["risky"]), list(data["faces"]), int(data["rerolls"]),
                   tuple(data["pending"]), int(data["hits"]), int(data["lightning"]), list(data["hit_targets"]),
                   int(data["left"]), int(data["dice"]))


@dataclass(frozen=True)
class Shot:
    """A Grenade flick or Mortar launch being resolved."""

    kind: str  # "grenade" or "mortar"
    thrower: str
    start: tuple[float, float, float] = (0.0, 0.0, 0.0)
    direction: float = 0.0
    strength: float = 0.0
    practice: bool = False
    landing: Landing | None = None
    origin: tuple[float, float, float] | None = None
    """A catapult the shot is fired from wherever its thrower is (a mission's
    HQ catapult); None: from the thrower (the Grenadier's Move token, the
    edge nearest the Operator)."""

    def to_dict(self) -> dict[str, Any]:
        land = None if self.landing is None else {
            "x": self.landing.x, "y": self.landing.y, "z": self.landing.z, "face": self.landing.face,
            "teleporters": list(self.landing.teleporters), "seed": self.landing.seed}
        return {"kind": self.kind, "thrower": self.thrower, "start": list(self.start), "direction": self.direction,
                "strength": self.strength, "practice": self.practice, "landing": land,
                "origin": None if self.origin is None else list(self.origin)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Shot:
        origin = data.get("origin")
        return cls(data["kind"], data["thrower"], _point(data["start"]), float(data["direction"]),
                   float(data["strength"]), bool(data["practice"]), landing_from(data.get("landing")),
                   None if origin is None else _point(origin))


def _point(values: Any) -> tuple[float, float, float]:
    x, y, z = (float(v) for v in values)
    return (x, y, z)


@dataclass(frozen=True)
class LastRoll:
    """The dice on the table after the latest roll (public: everyone sees dice).

    ``serial`` counts rolls, so a viewer knows a new roll happened even when
    the faces repeat; ``rolled`` are the dice this roll threw (all on a first
    roll, the rerolled ones after)."""

    serial: int
    who: str  # "attack" or "threat"
    faces: tuple[str, ...]
    rolled: tuple[int, ...]
    risky: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"serial": self.serial, "who": self.who, "faces": list(self.faces), "rolled": list(self.rolled),
                "risky": self.risky}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LastRoll:
        return cls(int(data["serial"]), data["who"], tuple(data["faces"]), tuple(data["rolled"]), bool(data["risky"]))


@dataclass(frozen=True)
class LastThrow:
    """The latest Grenade flick or Mortar launch and where it landed; with the
    landing's scatter seed the physics redraws the same flight."""

    serial: int
    kind: str
    start: tuple[float, ...]
    direction: float
    strength: float
    landing: Landing

    def to_dict(self) -> dict[str, Any]:
        land = self.landing
        return {"serial": self.serial, "kind": self.kind, "start": list(self.start), "direction": self.direction,
                "strength": self.strength, "seed": land.seed, "landing": [land.x, land.y, land.z], "face": land.face,
                "teleporters": list(land.teleporters)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LastThrow:
        x, y, z = data["landing"]
        land = Landing(float(x), float(y), float(z), data["face"], tuple(data.get("teleporters", ())),
                       int(data["seed"]))
        return cls(int(data["serial"]), data["kind"], tuple(float(v) for v in data["start"]), float(data["direction"]),
                   float(data["strength"]), land)




class Break(NamedTuple):
    """Where a Little Soldier was broken: read by balance sweeps and the
    editor's Simulate heat map (``LittleSoldiersState.breaks``)."""

    soldier: str
    team: str
    spot: Spot
