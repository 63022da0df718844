"""Little Battle component data, transcribed from ../shared/data/little_battle_facts.json.

Printed facts (HIGH confidence there): 30 Adventurer cards — 10 Parrots
(blue) valued 1-10, 9 Rhinos (red) 1-9, 8 Leopards (yellow) 1-8 and 3
Adventurer Chiefs valued 0; 18 Treasure Chests: 8 blue, 6 red, 4 yellow
(rulebook, Components); 0-5 coins on each chest's back; blue chests hold the
least gold; 5 Ships; 3-5 players.

Chosen (no public source prints them; override with Config.chest_gold):
"""

from __future__ import annotations

KIND_COLOR: dict[str, str] = {"parrot": "blue", "rhino": "red", "leopard": "yellow"}
"""Each kind opens the chests of its colour (rulebook, Phase 2)."""

KIND_VALUES: dict[str, tuple[int, ...]] = {
    "parrot": tuple(range(1, 11)),
    "rhino": tuple(range(1, 10)),
    "leopard": tuple(range(1, 9)),
}
CHIEF_VALUE = 0
CHEST_COUNTS: dict[str, int] = {"blue": 8, "red": 6, "yellow": 4}
HAND_SIZE = 5
PILES = 2
MIN_PLAYERS = 3
MAX_PLAYERS = 5

# chosen: the gold on each chest is not published. Constraints honoured:
# 0-5 coins per card, blue holds the least; the rarer colours (red 6,
# yellow 4) hold more, so a rare key is worth drafting. Totals: blue 12
# (avg 1.5), red 15 (avg 2.5), yellow 15 (avg 3.75); 42 coins in all.
CHEST_GOLD: dict[str, tuple[int, ...]] = {
    "blue": (0, 1, 1, 1, 2, 2, 2, 3),
    "red": (1, 2, 2, 3, 3, 4),
    "yellow": (2, 4, 4, 5),
}

# chosen: Leopard Chief with no Adventurer yet having left this pile with a
# chest has no key to borrow; he keeps his own (yellow) key.
LEOPARD_CHIEF_DEFAULT_KEY = "yellow"

RHINO_CHIEF_FLEE_FROM = 3
"""Printed: the Rhino Chief makes every card on his pile valued 3 or more flee."""
