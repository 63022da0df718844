"""Little Battle options: players, the Chiefs variant, and chosen values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.little_battle.data import CHEST_COUNTS, CHEST_GOLD, MAX_PLAYERS, MIN_PLAYERS


def _default_gold() -> dict[str, tuple[int, ...]]:
    return dict(CHEST_GOLD)


@dataclass(frozen=True)
class Config:
    """``players`` 3-5 (the box's count); ``chiefs`` adds the Adventurer Chiefs
    variant; ``chest_gold`` overrides the chosen gold per chest colour."""

    players: int = 4
    chiefs: bool = False
    chest_gold: Mapping[str, tuple[int, ...]] = field(default_factory=_default_gold)

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise ValueError(f"players must be a whole number, not {self.players!r}")
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(
                f"Little Battle is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}"
            )
        if not isinstance(self.chiefs, bool):
            raise ValueError(f"chiefs must be true or false, not {self.chiefs!r}")
        gold = dict(self.chest_gold)
        for color, count in CHEST_COUNTS.items():
            values = gold.get(color)
            if values is None:
                raise ValueError(f"chest_gold.{color} is missing")
            values = tuple(values)
            if len(values) != count:
                raise ValueError(f"chest_gold.{color} needs {count} values (one per {color} chest), got {len(values)}")
            for v in values:
                if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 5:
                    raise ValueError(f"chest_gold.{color}: {v!r} is not 0 to 5 coins")
            gold[color] = values
        extra = set(gold) - set(CHEST_COUNTS)
        if extra:
            raise ValueError(f"chest_gold: unknown colour {sorted(extra)[0]!r}")
        object.__setattr__(self, "chest_gold", gold)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "chiefs": self.chiefs,
            "chest_gold": {c: list(v) for c, v in self.chest_gold.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Config:
        known = {"players", "chiefs", "chest_gold"}
        for key in data:
            if key not in known:
                raise ValueError(f"unknown option {key!r} (known: {', '.join(sorted(known))})")
        kwargs = dict(data)
        if "chest_gold" in kwargs:
            gold = kwargs["chest_gold"]
            if not isinstance(gold, Mapping):
                raise ValueError(f"chest_gold must map colours to lists of coins, not {gold!r}")
            for colour, values in gold.items():
                if not isinstance(values, (list, tuple)):
                    raise ValueError(f"chest_gold.{colour} must be a list of coins, not {values!r}")
            kwargs["chest_gold"] = {c: tuple(v) for c, v in gold.items()}
        return cls(**kwargs)
