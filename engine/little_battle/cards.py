"""The two kinds of card: Adventurers (played) and Treasure Chests (won)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.little_battle.data import KIND_COLOR

KINDS = ("parrot", "rhino", "leopard")
COLORS = ("blue", "red", "yellow")


@dataclass(frozen=True, slots=True, order=True)
class Adventurer:
    """An Adventurer card. Unique by value: no two cards of a kind share a number."""

    kind: str
    value: int
    chief: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KIND_COLOR:
            raise ValueError(f"unknown adventurer kind {self.kind!r} (parrot, rhino or leopard)")

    @property
    def color(self) -> str:
        """The colour of chest this card's key opens."""
        return KIND_COLOR[self.kind]

    def __str__(self) -> str:
        name = self.kind.capitalize()
        return f"{name} Chief" if self.chief else f"{name} {self.value}"


@dataclass(frozen=True, slots=True)
class Chest:
    """A Treasure Chest card: its colour shows on the beach, its gold is on the back."""

    color: str
    gold: int

    def __post_init__(self) -> None:
        if self.color not in COLORS:
            raise ValueError(f"unknown chest colour {self.color!r} (blue, red or yellow)")

    def __str__(self) -> str:
        return f"{self.color} chest ({self.gold} gold)"
