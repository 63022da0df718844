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

from engine.little_battle.cards import Adventurer, Chest
from engine.little_battle.data import KIND_COLOR, LEOPARD_CHIEF_DEFAULT_KEY, RHINO_CHIEF_FLEE_FROM


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
    """The same resolution in indices, so the game can move its own card ids.

    ``takes``: (played index, pile index) pairs in the order chests were taken;
    ``nap``: played indices in the order they went to the nap corner.
    """

    takes: tuple[tuple[int, int], ...]
    nap: tuple[int, ...]
    last_key: str | None
    lines: tuple[str, ...]


def resolve_steps(
    pile: Sequence[Chest], played: Sequence[tuple[int, Adventurer]], last_key: str | None = None
) -> PileSteps:
    """Resolve one pile (top first); ``last_key`` is the colour of the key of the
    last Adventurer who left this pile with a chest earlier in the game."""
    takes: list[tuple[int, int]] = []
    nap: list[int] = []
    lines: list[str] = []
    fighters = list(range(len(played)))

    chiefs = [i for i, (_, card) in enumerate(played) if card.chief]
    if len(chiefs) >= 2:
        nap.extend(chiefs)
        fighters = [i for i in fighters if i not in chiefs]
        lines.append(f"{len(chiefs)} Chiefs on one pile: discarded without effect.")
    elif chiefs and played[chiefs[0]][1].kind == "rhino":
        fled = [i for i in fighters if played[i][1].value >= RHINO_CHIEF_FLEE_FROM]
        nap.extend(fled)
        fighters = [i for i in fighters if i not in fled]
        if fled:
            lines.append("The Rhino Chief makes " + ", ".join(str(played[i][1]) for i in fled) + " flee.")

    # The Leopard Chief borrows the last key that opened this pile (his own yellow at first).
    leopard = len(chiefs) == 1 and played[chiefs[0]][1].kind == "leopard"
    top = 0
    while fighters and top < len(pile):
        color = pile[top].color
        borrowed = last_key or LEOPARD_CHIEF_DEFAULT_KEY
        winner, best = -1, -1
        for i in fighters:  # the highest number that opens the chest (the first, on a tie)
            card = played[i][1]
            key = borrowed if leopard and card.chief else KIND_COLOR[card.kind]
            if key == color and card.value > best:
                winner, best = i, card.value
        if winner < 0:
            lines.append(f"Nobody left can open the {color} chest.")
            break
        card = played[winner][1]
        takes.append((winner, top))
        top += 1
        lines.append(f"{card} (player {played[winner][0] + 1}) takes a {color} chest.")
        if card.chief and card.kind == "parrot" and top < len(pile):
            takes.append((winner, top))
            lines.append(f"The Parrot Chief also takes the {pile[top].color} chest below it.")
            top += 1
        last_key = borrowed if leopard and card.chief else KIND_COLOR[card.kind]
        nap.append(winner)
        fighters.remove(winner)
    nap.extend(fighters)
    return PileSteps(tuple(takes), tuple(nap), last_key, tuple(lines))


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
    steps = resolve_steps(pile, played, last_key)
    out = LootOutcome(last_key=steps.last_key, lines=list(steps.lines))
    for who, idx in steps.takes:
        seat = played[who][0]
        out.taken.setdefault(seat, []).append(pile[idx])
    out.remaining = list(pile[len(steps.takes):])
    out.nap = [played[i][1] for i in steps.nap]
    return out
