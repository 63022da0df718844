"""The text `toybox rules little-battle` prints: rules in brief and data in use."""

from __future__ import annotations

from engine.little_battle.config import Config
from engine.little_battle.data import (
    CHEST_COUNTS,
    HAND_SIZE,
    KIND_COLOR,
    KIND_VALUES,
    LEOPARD_CHIEF_DEFAULT_KEY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RHINO_CHIEF_FLEE_FROM,
)


def rules_summary(config: Config | None = None, reference: bool = True) -> str:
    """The rules in brief; ``reference`` (``toybox rules``) also names the config key that
    overrides the chosen gold, which the window's help leaves out."""
    config = config or Config()
    gold = config.chest_gold
    lines = [
        "Little Battle — draft adventurers, rush the treasure chests, most gold wins.",
        f"Players: {MIN_PLAYERS}-{MAX_PLAYERS} (as the box says). Two players are not offered: with",
        "  two piles and two players each can always avoid the other, and the fight is the game.",
        "",
        "Setup: chests shuffled into two equal piles (chest side up, gold hidden on the back);",
        f"  {HAND_SIZE} Adventurers dealt to each player, the rest face down in the nap corner.",
        "Step 1, recruiting: keep 1 card on your Ship, pass the rest left, take from the right,",
        "  until the last single card; then pick up your 5 Ship cards.",
        "Step 2, Gold Rush: everyone secretly plays 1 card before a pile; all revealed at once.",
        "  Parrots open blue, Rhinos red, Leopards yellow. A lone card takes the top chest if its",
        "  key fits. Several cards: the highest that fits wins the chest; every card that has not",
        "  won, whatever its colour, tries the next chest, until none fits. Played cards nap.",
        "  When hands are empty and chests remain, shuffle the nap corner and deal again.",
        "End: when the last chest is taken; most gold wins.",
        "Chiefs variant (value 0): Parrot Chief opening a blue chest also takes the one below;",
        "  Leopard Chief borrows the key of the last Adventurer to leave this pile with a chest",
        f"  (chosen: with none yet, his own {LEOPARD_CHIEF_DEFAULT_KEY} key); Rhino Chief makes every card",
        f"  valued {RHINO_CHIEF_FLEE_FROM}+ on his pile flee first; two Chiefs on one pile are discarded.",
        "",
        "Decided where the book is silent:",
        "  Ties in gold: the tied players share the win (the book names no tie-break, and a",
        "  shared win is what a table of children would call it).",
        "  A pile with no chests left cannot be attacked.",
        "",
        "Cards: " + "; ".join(f"{k}s ({KIND_COLOR[k]}) {v[0]}-{v[-1]}" for k, v in KIND_VALUES.items()) + "; 3 Chiefs 0.",
        "Chests: " + ", ".join(f"{n} {c}" for c, n in CHEST_COUNTS.items()) + ".",
        "Gold per chest (chosen — not published; 0-5 coins, blue least"
        + ("; override with chest_gold):" if reference else "):"),
    ]
    for color in CHEST_COUNTS:
        lines.append(f"  {color:6} {', '.join(map(str, gold[color]))}  (total {sum(gold[color])})")
    return "\n".join(lines)


def player_rules(config: Config | None = None) -> str:
    """The rules in brief in the players' words (the window's F1 help)."""
    return rules_summary(config, reference=False)
