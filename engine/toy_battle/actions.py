"""Toy Battle actions: small frozen values, written into records as JSON.

A turn is ``Draw()`` or ``Place(troop, node)``. Effects are the same
player's follow-up decisions: ``UseEffect(...)`` or ``Skip()`` (every
effect is optional), and Cap'n's extra troop is another ``Place``. The
chance seat's outcomes are ``Shuffle``, ``FirstPlayer`` and ``Pick``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.toy_battle.data import COLOURS, TROOP_NAMES

_NAMES = frozenset(TROOP_NAMES)


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw 2 troops from your reserve (1 if only 1 fits or only 1 is left)."""

    def __repr__(self) -> str:
        return "Draw()"


@dataclass(frozen=True, slots=True)
class Place:
    """Place ``troop`` (a name, e.g. "roxy") from your rack on ``node`` (a base or the enemy H.Q.)."""

    troop: str
    node: str

    def __post_init__(self) -> None:
        if self.troop not in TROOP_NAMES:
            raise ValueError(f"unknown troop {self.troop!r}")
        if not isinstance(self.node, str):
            raise ValueError(f"node ids are strings, not {self.node!r}")

    def __repr__(self) -> str:
        return f"Place({self.troop} -> {self.node})"


@dataclass(frozen=True, slots=True)
class UseEffect:
    """Use the pending optional effect.

    ``target`` is a node id (Jumbo, Castle Field's return, Volcanic Jungle's
    push) or a troop name (Cursed Cemetery's raise); ``to`` is where a
    pushed troop goes. Draw effects and XB-42 take no target.
    """

    target: str | None = None
    to: str | None = None

    def __repr__(self) -> str:
        if self.target is None:
            return "UseEffect()"
        if self.to is None:
            return f"UseEffect({self.target})"
        return f"UseEffect({self.target} -> {self.to})"


@dataclass(frozen=True, slots=True)
class Skip:
    """Decline the pending optional effect."""

    def __repr__(self) -> str:
        return "Skip()"


# ----------------------------------------------------------------- chance
@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: ``color``'s 24 troops in shuffled order; the reserve is drawn
    from the front, the last 4 go back to the box unseen."""

    color: str
    order: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.color not in COLOURS:
            raise ValueError(f"unknown colour {self.color!r}")
        try:
            names = isinstance(self.order, tuple) and _NAMES.issuperset(self.order)
        except TypeError:  # an unhashable item: no troop name
            names = False
        if not names:
            raise ValueError("order must be a tuple of troop names")

    def __repr__(self) -> str:
        return f"Shuffle({self.color}: {' '.join(self.order)})"


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """Chance: who starts (0 = blue, 1 = red)."""

    seat: int

    def __repr__(self) -> str:
        return f"FirstPlayer({COLOURS[self.seat] if self.seat in (0, 1) else self.seat})"


@dataclass(frozen=True, slots=True)
class Pick:
    """Chance: the tile a blind pick takes from the opponent's rack (XB-42,
    Battlefield). ``face_down`` says it was a tile already lying face down."""

    troop: str
    face_down: bool = False

    def __post_init__(self) -> None:
        if self.troop not in TROOP_NAMES:
            raise ValueError(f"unknown troop {self.troop!r}")

    def __repr__(self) -> str:
        return f"Pick({self.troop}{', face down' if self.face_down else ''})"


ACTION_CLASSES: tuple[type, ...] = (Draw, Place, UseEffect, Skip, Shuffle, FirstPlayer, Pick)

TurnAction = Draw | Place | UseEffect | Skip
"""What a player does on a turn (the chance seat's outcomes aside)."""

DRAW = Draw()
SKIP = Skip()
