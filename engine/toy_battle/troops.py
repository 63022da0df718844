"""Troop tiles: a colour and a name, and who may cover whom.

Inside the state a troop is a small int (``seat << 3 | kind``) so copying
and comparing boards is cheap; :class:`Troop` is the readable value the
public API and tests use.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.toy_battle.data import COLOURS, KWAK, TROOP_NAMES, TROOP_TITLES

KIND_OF_NAME: dict[str, int] = {name: kind for kind, name in enumerate(TROOP_NAMES)}


def kind_of(name: str) -> int:
    """The kind (strength; Kwak = 0) of a lower-case troop name; ValueError if unknown."""
    try:
        return KIND_OF_NAME[name]
    except (KeyError, TypeError):
        known = ", ".join(TROOP_NAMES)
        raise ValueError(f"unknown troop {name!r}; troops are {known}") from None


def seat_of(colour: str) -> int:
    try:
        return COLOURS.index(colour)
    except ValueError:
        raise ValueError(f"unknown colour {colour!r}; colours are blue and red") from None


def covers(kind: int, under: int) -> bool:
    """Whether a troop of ``kind`` may be placed on an *enemy* troop of kind ``under``.

    Strictly stronger wins; Kwak (the joker) covers anything and anything covers Kwak.
    """
    return kind == KWAK or under == KWAK or kind > under


def label(kind: int) -> str:
    """'Roxy (7)', 'Kwak (X)': how messages and the log name a troop."""
    return f"{TROOP_TITLES[kind]} ({'X' if kind == KWAK else kind})"


@dataclass(frozen=True, slots=True)
class Troop:
    """One troop tile: ``Troop("blue", "roxy")``."""

    color: str
    name: str

    def __post_init__(self) -> None:
        seat_of(self.color)
        kind_of(self.name)

    @property
    def kind(self) -> int:
        return KIND_OF_NAME[self.name]

    @property
    def seat(self) -> int:
        return COLOURS.index(self.color)

    @property
    def strength(self) -> int | None:
        """1..7, or None for Kwak, the joker (printed "X")."""
        kind = self.kind
        return None if kind == KWAK else kind

    @property
    def title(self) -> str:
        return TROOP_TITLES[self.kind]

    def can_cover(self, other: Troop) -> bool:
        """Whether this troop may be placed on top of ``other`` (slot rule only)."""
        if other.color == self.color:
            return True
        return covers(self.kind, other.kind)

    def code(self) -> int:
        return self.seat << 3 | self.kind

    @classmethod
    def from_code(cls, code: int) -> Troop:
        return cls(COLOURS[code >> 3], TROOP_NAMES[code & 7])

    def __repr__(self) -> str:
        return f"Troop({self.color!r}, {self.name!r})"
