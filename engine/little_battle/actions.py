"""Little Battle's cards by id and its actions: Keep, Attack, Shuffle.

Card identities are small ints into the catalog of Adventurers
(``ADVENTURERS``: unique by kind and value, the three Chiefs last), so
hands are lists of ints and the legal lists reuse actions made once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.little_battle.cards import Adventurer
from engine.little_battle.data import CHIEF_VALUE, KIND_VALUES, PILES

ADVENTURERS: tuple[Adventurer, ...] = tuple(
    Adventurer(kind, v) for kind, values in KIND_VALUES.items() for v in values
) + tuple(Adventurer(kind, CHIEF_VALUE, chief=True) for kind in KIND_VALUES)
"""The 30 Adventurer cards; ids are positions here. Chiefs are the last three."""

NAME: tuple[str, ...] = tuple(str(a) for a in ADVENTURERS)
CARD_ID: dict[Adventurer, int] = {card: i for i, card in enumerate(ADVENTURERS)}
CHIEF_IDS = tuple(range(len(ADVENTURERS) - 3, len(ADVENTURERS)))
CARD_OF_NAME: dict[str, int] = {name: i for i, name in enumerate(NAME)}


@dataclass(frozen=True, slots=True)
class Keep:
    """Draft: keep this card on your Ship; pass the rest on."""

    card: Adventurer
    card_id: int = field(init=False, repr=False, compare=False)  # derived: the catalog id, -1 if no such card

    def __post_init__(self) -> None:
        object.__setattr__(self, "card_id", CARD_ID.get(self.card, -1))

    def __str__(self) -> str:
        return f"keep {self.card}"


@dataclass(frozen=True, slots=True)
class Attack:
    """Gold Rush: place this card face down before pile 0 or 1."""

    card: Adventurer
    pile: int
    card_id: int = field(init=False, repr=False, compare=False)  # derived: the catalog id, -1 if no such card

    def __post_init__(self) -> None:
        object.__setattr__(self, "card_id", CARD_ID.get(self.card, -1))

    def __str__(self) -> str:
        return f"play {self.card} at pile {self.pile + 1}"


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: the order of a shuffled stack, as card ids (top first)."""

    what: str  # "chests" or "adventurers"
    order: tuple[int, ...]

    def __str__(self) -> str:
        return f"shuffle the {self.what}"


KEEP: tuple[Keep, ...] = tuple(Keep(c) for c in ADVENTURERS)
"""Each card's ``Keep``, made once: legal lists reuse them."""
ATTACK: tuple[tuple[Attack, ...], ...] = tuple(tuple(Attack(c, p) for p in range(PILES)) for c in ADVENTURERS)
"""Each card's ``Attack`` at each pile, made once."""

__all__ = ["ADVENTURERS", "ATTACK", "Attack", "CARD_ID", "CARD_OF_NAME", "CHIEF_IDS", "KEEP", "Keep", "NAME", "Shuffle"]
