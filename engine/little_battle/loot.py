"""Sharing the Loot (rulebook, Step 2 Phase 2) as a pure function.

The rule, paragraph by paragraph:

* Parrots open blue chests, Leopards yellow, Rhinos red.
* One Adventurer before a pile: takes the top chest if it can open it; in
  any case it goes to the nap corner.
* Several Adventurers: those that can open the top chest fight; the highest
  number wins it and goes to the nap corner. The remaining Adventurers —
  every one that has not won, whatever its colour — try the next chest of
  the same pile, and so on. When no remaining Adventurer can open the top
  chest, the attack on that pile is over and they all go to the nap corner.
* Adventurer Chiefs (variant): only one Chief per pile — two or more are
  discarded at once without effect. The Rhino Chief first makes every card
  on his pile valued 3 or more flee. The Parrot Chief, on opening a blue
  chest, also takes the chest just below it, whatever its colour. The
  Leopard Chief uses the key of the last Adventurer who left this pile with
  a chest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from engine.core.protocol import Event
from engine.little_battle.actions import ADVENTURERS, CARD_ID, NAME
from engine.little_battle.cards import COLORS, Adventurer, Chest
from engine.little_battle.data import KIND_COLOR, LEOPARD_CHIEF_DEFAULT_KEY, RHINO_CHIEF_FLEE_FROM

MAX_SEATS = 8
"""The most seats a log line is made for in advance (the rules seat 3 to 5)."""

KEY: tuple[str, ...] = tuple(KIND_COLOR[card.kind] for card in ADVENTURERS)
"""The colour each card id's key opens."""
VALUE: tuple[int, ...] = tuple(card.value for card in ADVENTURERS)
CHIEF: tuple[bool, ...] = tuple(card.chief for card in ADVENTURERS)
KIND: tuple[str, ...] = tuple(card.kind for card in ADVENTURERS)

TAKES: tuple[tuple[dict[str, Event], ...], ...] = tuple(
    tuple({color: Event(f"{NAME[c]} (player {s + 1}) takes a {color} chest.") for color in COLORS}
          for s in range(MAX_SEATS))
    for c in range(len(ADVENTURERS))
)
"""The log line of each card's take, by seat and chest colour, made once: a game logs one per chest."""
NOBODY_OPENS: dict[str, Event] = {color: Event(f"Nobody left can open the {color} chest.") for color in COLORS}
ALSO_BELOW: dict[str, Event] = {color: Event(f"The Parrot Chief also takes the {color} chest below it.") for color in COLORS}


class Taken(dict[int, list[Chest]]):
    """seat -> chests it took, in order; a seat that took none reads as []."""

    def __missing__(self, seat: int) -> list[Chest]:
        return []


@dataclass
class LootOutcome:
    """What happened at one pile: who took which chests, what is left, who naps."""

    taken: Taken = field(default_factory=Taken)
    remaining: list[Chest] = field(default_factory=list)
    nap: list[Adventurer] = field(default_factory=list)
    last_key: str | None = None
    lines: list[str] = field(default_factory=list)


class PileSteps(NamedTuple):
    """The resolution in indices, so the game can move its own card and chest ids.

    ``takes``: (played index, pile index) pairs in the order chests were taken;
    ``nap``: played indices in the order they went to the nap corner;
    ``lines``: the public log lines, in order.
    """

    takes: list[tuple[int, int]]
    nap: list[int]
    last_key: str | None
    lines: list[Event]


def resolve_steps(colors: Sequence[str], played: Sequence[tuple[int, int]], last_key: str | None = None) -> PileSteps:
    """Resolve one pile: ``colors`` its chests' colours, top first (only the
    colours decide); ``played`` (seat, card id) of each card placed before
    it; ``last_key`` the colour of the key of the last Adventurer who left
    this pile with a chest earlier in the game. Card ids index
    ``actions.ADVENTURERS``; the tables above read each card's key once."""
    takes: list[tuple[int, int]] = []
    nap: list[int] = []
    lines: list[Event] = []
    fighters = list(range(len(played)))
    cards = [c for _, c in played]
    key, value, chief = KEY, VALUE, CHIEF

    leopard = False  # the Leopard Chief borrows the last key that opened this pile (his own yellow at first)
    if any(map(chief.__getitem__, cards)):
        chiefs = [i for i in fighters if chief[cards[i]]]
        if len(chiefs) >= 2:
            nap.extend(chiefs)
            fighters = [i for i in fighters if i not in chiefs]
            lines.append(Event(f"{len(chiefs)} Chiefs on one pile: discarded without effect."))
        elif KIND[cards[chiefs[0]]] == "rhino":
            fled = [i for i in fighters if value[cards[i]] >= RHINO_CHIEF_FLEE_FROM]
            nap.extend(fled)
            fighters = [i for i in fighters if i not in fled]
            if fled:
                lines.append(Event("The Rhino Chief makes " + ", ".join(NAME[cards[i]] for i in fled) + " flee."))
        else:
            leopard = KIND[cards[chiefs[0]]] == "leopard"

    top = 0
    while fighters and top < len(colors):
        color = colors[top]
        borrowed = last_key or LEOPARD_CHIEF_DEFAULT_KEY
        winner, best = -1, -1
        for i in fighters:  # the highest number that opens the chest (the first, on a tie)
            c = cards[i]
            if (borrowed if leopard and chief[c] else key[c]) == color and value[c] > best:
                winner, best = i, value[c]
        if winner < 0:
            lines.append(NOBODY_OPENS[color])
            break
        c = cards[winner]
        takes.append((winner, top))
        top += 1
        lines.append(TAKES[c][played[winner][0]][color])
        if chief[c] and KIND[c] == "parrot" and top < len(colors):
            takes.append((winner, top))
            lines.append(ALSO_BELOW[colors[top]])
            top += 1
        last_key = borrowed if leopard and chief[c] else key[c]
        nap.append(winner)
        fighters.remove(winner)
    nap.extend(fighters)
    return tuple.__new__(PileSteps, (takes, nap, last_key, lines))  # PileSteps(...) would call a Python-level __new__


def resolve_pile(
    pile: Sequence[Chest], played: Sequence[tuple[int, Adventurer]], last_key: str | None = None
) -> LootOutcome:
    """Share the loot of one pile. ``pile``: chests top first; ``played``:
    (seat, Adventurer) for each card placed before it.

    >>> out = resolve_pile([Chest("blue", 2), Chest("red", 3)],
    ...                    [(0, Adventurer("parrot", 4)), (1, Adventurer("parrot", 9))])
    >>> dict(out.taken), [str(c) for c in out.remaining], [str(a) for a in out.nap]
    ({1: [Chest(color='blue', gold=2)]}, ['red chest (3 gold)'], ['Parrot 9', 'Parrot 4'])
    """
    steps = resolve_steps([chest.color for chest in pile], [(seat, CARD_ID[card]) for seat, card in played], last_key)
    out = LootOutcome(last_key=steps.last_key, lines=[line.text for line in steps.lines])
    for who, idx in steps.takes:
        seat = played[who][0]
        out.taken.setdefault(seat, []).append(pile[idx])
    out.remaining = list(pile[len(steps.takes):])
    out.nap = [played[i][1] for i in steps.nap]
    return out
