"""Advanced Tactics' cards: the deck's data and the card effects in progress.

The rules of the module are the part ``parts.advanced_tactics``.

The deck is ``tactics_cards.json``: only the cards whose effects are known,
each with its type (General, Soldier, Reaction), Order condition and effect
id. Draws are CHANCE steps (one card each), and a player's hand is hidden
from the other seats: the draw is logged to its owner only, views show the
other hands as counts, and ``determinize`` deals the unseen cards anew.

Cards are played at the player's decision points of their own turn (before
the turn's Move and before the Order); Reactions in a window the engine
opens when an opponent declares a valid target (Camouflage) or makes a Move
(Chewed by the Dog), and only when someone could play one, so games without
those cards never stop there.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.little_soldiers.actions import Move

CARDS_FILE = Path(__file__).with_name("tactics_cards.json")
CARD_TYPES = ("general", "soldier", "reaction")
EFFECTS = ("moves", "attacks", "retreat", "camouflage", "cancel_move", "bonus_orders")
REACTION_TRIGGERS: Mapping[str, str] = {"camouflage": "attack", "cancel_move": "move"}

@dataclass(frozen=True)
class Card:
    """One Tactics card as the data file gives it."""

    name: str
    type: str
    condition: int
    effect: str
    amount: int
    copies: int
    text: str
    general: str | None = None
    distinct_targets: bool = False
    chosen: tuple[str, ...] = ()


@lru_cache(maxsize=1)
def load_cards(path: str = str(CARDS_FILE)) -> Mapping[str, Card]:
    """The known Tactics cards by name; a bad file is refused with the field's path."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    out: dict[str, Card] = {}
    for i, raw in enumerate(data["cards"]):
        where = f"{path}: cards[{i}]"
        if raw.get("type") not in CARD_TYPES:
            raise ValueError(f"{where}.type must be one of {', '.join(CARD_TYPES)}")
        if raw.get("effect") not in EFFECTS:
            raise ValueError(f"{where}.effect must be one of {', '.join(EFFECTS)}")
        for key in ("condition", "amount", "copies"):
            if not isinstance(raw.get(key), int) or raw[key] < 0:
                raise ValueError(f"{where}.{key} must be a whole number 0 or more")
        out[raw["name"]] = Card(raw["name"], raw["type"], raw["condition"], raw["effect"], raw["amount"],
                                raw["copies"], raw["text"], raw.get("general"), bool(raw.get("distinct_targets")),
                                tuple(raw.get("chosen", ())))
    return out


@dataclass
class Effect:
    """A card being resolved: its Actions left and the soldiers it used
    (where the turn resumes once it is done is the continuation's)."""

    card: str
    soldier: str | None
    kind: str
    left: int
    used: list[str] = field(default_factory=list)

    def copy(self) -> Effect:
        return Effect(self.card, self.soldier, self.kind, self.left, list(self.used))

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "soldier": self.soldier, "kind": self.kind, "left": self.left,
                "used": list(self.used)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Effect:
        return cls(data["card"], data["soldier"], data["kind"], int(data["left"]), list(data["used"]))


@dataclass
class Window:
    """A Reaction window: who may still react, and the Move waiting on it."""

    trigger: str
    queue: list[int]
    move: Move | None = None
    cancelled: bool = False

    def copy(self) -> Window:
        return Window(self.trigger, list(self.queue), self.move, self.cancelled)

    def to_dict(self) -> dict[str, Any]:
        m = self.move
        move = None if m is None else {"soldier": m.soldier, "x": m.x, "y": m.y, "climb": m.climb}
        return {"trigger": self.trigger, "queue": list(self.queue), "move": move, "cancelled": self.cancelled}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Window:
        m = data.get("move")
        move = None if m is None else Move(m["soldier"], float(m["x"]), float(m["y"]), bool(m["climb"]))
        return cls(data["trigger"], list(data["queue"]), move, bool(data["cancelled"]))
