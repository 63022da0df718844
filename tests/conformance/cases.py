"""The configs every game is run under by the conformance suite.

A spread, not every combination: each Little Battle player count with and
without the Chiefs, every Toy Battle terrain, Little Soldiers' Bootcamp at
2-4 players, each module, each mission and 2 vs 2.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Case:
    """One game and config, the seeds played under it, and the checks that
    are known to fail today (check name -> reason, marked strict xfail)."""

    game: str
    config: dict[str, Any]
    seeds: tuple[int, ...] = (0,)
    hidden: bool = True
    """Whether some seat may not see everything: then the game must declare secrets."""
    known: dict[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        text = ",".join(f"{k}={v}" for k, v in sorted(self.config.items()))
        return f"{self.game}[{text}]"


LITTLE_BATTLE = [
    Case("little-battle", {"players": n, "chiefs": chiefs}, (n, 50 + n)) for n in (3, 4, 5) for chiefs in (False, True)
]
# Hidden: hands, crews, face-down plays, the nap corner, gold under the Ships.

# Hidden: reserves, the box, the rack tiles the opponent did not see arrive, which tile lies face down.
TOY_BATTLE = [
    Case("toy-battle", {"terrain": p.stem}, (i, 50 + i))
    for i, p in enumerate(sorted((ROOT / "levels" / "toy_battle").glob("*.json")))
]

_LS_MODULES = [["super_soldier"], ["levels"], ["objects"], ["reinforcements"], ["super_soldier", "advanced_tactics"]]

# Hidden: Tactics hands (Advanced Tactics) and Battle Royale's future turn order; elsewhere
# what is not yet known is future chance (Block tokens, dice, face-down Threat tokens), not a secret.
LITTLE_SOLDIERS = (
    [Case("little-soldiers", {"players": 2}, (2, 52), hidden=False)]
    + [Case("little-soldiers", {"players": n, "modules": ["two_vs_two"]}, (n, 50 + n), hidden=False) for n in (3, 4)]
    + [
        Case("little-soldiers", {"modules": m}, (10 + i, 60 + i), hidden="advanced_tactics" in m)
        for i, m in enumerate(_LS_MODULES)
    ]
    + [Case("little-soldiers", {"mission": "king_of_the_hill", "players": 3}, (30, 80), hidden=False)]
    + [Case("little-soldiers", {"mission": "battle_royale", "players": 4}, (31, 81))]
    + [Case("little-soldiers", {"mission": "a_new_threat", "players": 2}, (32, 82), hidden=False)]
    + [Case("little-soldiers", {"mission": "another_new_threat", "players": 1}, (33, 83), hidden=False)]
)

CASES: list[Case] = LITTLE_BATTLE + TOY_BATTLE + LITTLE_SOLDIERS
