"""The actions of Little Soldiers: small frozen values, written in records.

Discrete choices (which Order, which dice to reroll, where to put Shields)
are listed by ``legal_actions``; continuous ones (where to deploy, move,
climb, aim a throw) carry coordinates in centimetres and degrees, and the
state's ``check`` says why one is illegal. Chance outcomes are actions of
the CHANCE seat, so a test can force any roll or landing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def _n(value: Any, places: int) -> str:
    """A number as an action reads it: ``places`` decimals, or a short form
    for one past any table (a forged 1e308 is not written in 309 digits)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{value:.{places}f}" if abs(value) < 1e9 else f"{value:.4g}"
    return repr(value)


# --- players ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deploy:
    """Round Preparation: place ``soldier`` from the HQ, centred at (x, y), in
    contact with a green Move token laid against the revealed Deployment token."""

    soldier: str
    x: float
    y: float

    def __str__(self) -> str:
        return f"deploy {self.soldier} at ({_n(self.x, 1)}, {_n(self.y, 1)})"


@dataclass(frozen=True, slots=True)
class Move:
    """A yellow Move of ``soldier`` to (x, y) on the surface it stands on.

    With ``climb`` (Levels module), (x, y) is where the cord touches Level
    scenery (climbing up) or the edge of the piece it stands on (climbing
    down); the figurine is placed as close as possible to that spot and the
    Move ends. Moving to where it stands is the zero Move."""

    soldier: str
    x: float
    y: float
    climb: bool = False

    def __str__(self) -> str:
        verb = "climbs at" if self.climb else "moves to"
        return f"{self.soldier} {verb} ({_n(self.x, 1)}, {_n(self.y, 1)})"


@dataclass(frozen=True, slots=True)
class Order:
    """Play an Order token on ``soldier`` and choose its Action: "attack",
    "move" or "special". Attacks and the Risky Shot name their ``target``."""

    soldier: str
    kind: str
    target: str | None = None

    def __str__(self) -> str:
        extra = f" on {self.target}" if self.target else ""
        return f"order {self.soldier}: {self.kind}{extra}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Reroll the Attack dice at these positions; () keeps the roll as it is."""

    dice: tuple[int, ...]

    def __str__(self) -> str:
        return f"reroll dice {', '.join(str(d + 1) for d in self.dice)}" if self.dice else "keep the dice"


@dataclass(frozen=True, slots=True)
class Shields:
    """Scout or Radar: one Shield token from the Reserve on each named soldier
    (a name may repeat)."""

    targets: tuple[str, ...]

    def __str__(self) -> str:
        return f"Shields on {', '.join(self.targets) or 'nobody'}"


@dataclass(frozen=True, slots=True)
class ShiftShield:
    """Operator lightning: move 1 Shield from ``source`` (yours) to ``target``;
    with no source, pass."""

    source: str | None
    target: str | None = None

    def __str__(self) -> str:
        return f"move a Shield from {self.source} to {self.target}" if self.source else "keep the Shields"


@dataclass(frozen=True, slots=True)
class ExtraTarget:
    """Grenadier lightning: apply the hits to one more valid target; None stops."""

    target: str | None

    def __str__(self) -> str:
        return f"hits also {self.target}" if self.target else "no more targets"


@dataclass(frozen=True, slots=True)
class Throw:
    """Grenade flick or Mortar launch: direction in degrees (0 = +x, counter-
    clockwise) and strength 0..1. ``practice`` declares the practice shot."""

    direction: float
    strength: float
    practice: bool = False

    def __str__(self) -> str:
        kind = "practice throw" if self.practice else "throw"
        return f"{kind} at {_n(self.direction, 0)} degrees, strength {self.strength:.2f}"


@dataclass(frozen=True, slots=True)
class Activate:
    """Objects: activate the Object ``obj`` the soldier touches; None declines."""

    obj: str | None

    def __str__(self) -> str:
        return f"activate {self.obj}" if self.obj else "do not activate"


@dataclass(frozen=True, slots=True)
class Teleport:
    """Teleporter: reappear centred at (x, y), in contact with Teleporter ``dest``."""

    dest: str
    x: float
    y: float

    def __str__(self) -> str:
        return f"teleport to {self.dest} at ({_n(self.x, 1)}, {_n(self.y, 1)})"


@dataclass(frozen=True, slots=True)
class Redirect:
    """A Grenade die or Mortar token touching a Teleporter: send it to ``dest``
    before it explodes, or None to let it explode where it lies."""

    dest: str | None

    def __str__(self) -> str:
        return f"teleport the shot to {self.dest}" if self.dest else "let it explode here"


@dataclass(frozen=True, slots=True)
class Swap:
    """Transmogrifier: switch the places of two soldiers in play."""

    first: str
    second: str

    def __str__(self) -> str:
        return f"swap {self.first} and {self.second}"


@dataclass(frozen=True, slots=True)
class Jump:
    """Marshmallow: a straight full-cord Move in this direction (degrees)."""

    direction: float

    def __str__(self) -> str:
        return f"bounce at {_n(self.direction, 0)} degrees"


@dataclass(frozen=True, slots=True)
class Transfer:
    """King of the Hill: pass the broken soldier's Level token to ``soldier``
    (one of yours still in play), or keep it where it is (None)."""

    soldier: str | None

    def __str__(self) -> str:
        return f"transfer the Level token to {self.soldier}" if self.soldier else "keep the Level token"


@dataclass(frozen=True, slots=True)
class Lead:
    """A New Threat: the players agree that General ``general`` plays first
    this round (the Star token is not used)."""

    general: int

    def __str__(self) -> str:
        return f"General {self.general + 1} plays first"


@dataclass(frozen=True, slots=True)
class Parachute:
    """Battle Royale: set the catapult on the Play Zone's edge nearest (x, y),
    turned to ``direction`` degrees, and fire the green Move token with
    ``strength`` 0..1; the soldier lands in contact with it."""

    x: float
    y: float
    direction: float
    strength: float

    def __str__(self) -> str:
        return (f"parachute from the edge near ({_n(self.x, 0)}, {_n(self.y, 0)}) at {_n(self.direction, 0)} degrees, "
                f"strength {self.strength:.2f}")


@dataclass(frozen=True, slots=True)
class Play:
    """Advanced Tactics: play the Tactics card ``card`` from your hand, on
    ``soldier`` for a Soldier card (None for General and Reaction cards).
    In a Reaction window ``card`` None lets the moment pass."""

    card: str | None
    soldier: str | None = None

    def __str__(self) -> str:
        if self.card is None:
            return "play no Reaction"
        return f"play {self.card}" + (f" on {self.soldier}" if self.soldier else "")


@dataclass(frozen=True, slots=True)
class CardAttack:
    """A Tactics card's Attack on ``target``; None stops the card's Attacks."""

    target: str | None

    def __str__(self) -> str:
        return f"card Attack on {self.target}" if self.target else "no more card Attacks"


# --- chance ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Star:
    """The sheriff's star flip: General ``general`` plays first."""

    general: int


@dataclass(frozen=True, slots=True)
class Block:
    """A Block token revealed for deployment."""

    number: int


@dataclass(frozen=True, slots=True)
class Roll:
    """Faces rolled: all dice on the first roll, else the rerolled ones in order."""

    faces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a thrown Grenade die or Mortar token came to rest, the face up and
    the Teleporters it touched (the physics with seeded scatter decides)."""

    x: float
    y: float
    z: float
    face: str
    teleporters: tuple[str, ...] = ()
    seed: int = 0  # the scatter seed the physics threw with: replaying it redraws the flight


@dataclass(frozen=True, slots=True)
class Draw:
    """A Tactics card drawn from the face-down pile (seen by its owner only)."""

    card: str


@dataclass(frozen=True, slots=True)
class Deal:
    """Battle Royale: the Numbered Block tokens dealt face down; ``order``
    lists the players (General indices) from the 1 token upward."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ThreatAction:
    """A New Threat: the face-down Threat Action token flipped at random."""

    number: int


ACTION_CLASSES: tuple[type, ...] = (
    Deploy, Move, Order, Reroll, Shields, ShiftShield, ExtraTarget, Throw, Activate, Teleport,
    Redirect, Swap, Jump, Lead, Parachute, Play, CardAttack, Star, Block, Roll, Landing, Draw, Deal, ThreatAction,
    Transfer,
)
