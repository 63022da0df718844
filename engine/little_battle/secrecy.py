"""What each seat may read of a game of Little Battle, declared once.

Public: the config (players, the Chiefs, the gold the rules put on each
colour), the phase and the deal, who has committed this step, which seats
placed a card before which pile (face down: not which card), the last key
that opened each pile, the last Gold Rush turn's reveal, the Chiefs left in
the box. Secret, declared as ``Secret`` kinds:

- ``hand``, ``ship``: their owner's Adventurers; a card kept lands in the
  keeper's Ship;
- ``play``: the card its owner placed face down this turn (a card played
  lands there), and ``played_at``: before which pile (the same owner's);
- ``nap``: the nap corner, nobody's; a deal's shuffle lands there;
- ``loot``: the gold in the chests under a Ship, their owner's (every seat
  sees the colours);
- ``pile``: the gold in the chests on the beach, nobody's (colours shown);
  the chests' shuffle lands there.

Once the game is over every slice is shown to every seat, and to a spectator. The view
(``engine.little_battle.view``), the history's audiences and the log's
private lines all come from ``SECRECY``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import SPECTATOR
from engine.core.secrecy import NOBODY, Secrecy, Secret, Slice, backs
from engine.little_battle.actions import Attack, Keep, Shuffle
from engine.little_battle.cards import Chest
from engine.little_battle.data import PILES
from engine.little_battle.phases import OVER

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.little_battle.state import LittleBattleState

ADVENTURER = "adventurer"
"""The back of every Adventurer card: any two are exchanged when a sample is dealt."""

HAND = Secret("hand", backs=ADVENTURER)
SHIP = Secret("ship", carries=(Keep,), backs=ADVENTURER)
PLAY = Secret("play", carries=(Attack,), backs=ADVENTURER)
PLAYED_AT = Secret("played_at")
NAP = Secret("nap", owned=False, carries=(Shuffle,), backs=ADVENTURER)
LOOT = Secret("loot")
PILE = Secret("pile", owned=False, carries=(Shuffle,))

SECRECY = Secrecy(
    public=("config", "num_seats", "phase", "deals", "rush_turns", "committed", "last_key", "last_reveal", "box"),
    secrets=(HAND, SHIP, PLAY, PLAYED_AT, NAP, LOOT, PILE),
)


def secrets(state: LittleBattleState) -> list[Slice]:
    """Every hidden part of ``state`` now, from the declaration above; a
    chest shows as (colour, gold), its colour the back every seat sees."""
    n = state.num_seats
    everyone = frozenset((*range(n), SPECTATOR)) if state.phase is OVER else NOBODY
    out: list[Slice] = []
    for s in range(n):
        out.append(HAND.slice(s, state.hands[s], _refill(state.hands[s]), open_to=everyone))
    for s in range(n):
        out.append(SHIP.slice(s, state.ships[s], _refill(state.ships[s]), open_to=everyone))
    for s in range(n):
        played = [c for p in range(PILES) for who, c in state.beach[p] if who == s]
        out.append(PLAY.slice(s, played, _replay(state, s), open_to=everyone))
    for s in range(n):
        at = [p for p in range(PILES) for who, _ in state.beach[p] if who == s]
        out.append(PLAYED_AT.slice(s, at, open_to=everyone))
    out.append(NAP.slice(-1, state.nap, _refill(state.nap), open_to=everyone))
    for s in range(n):
        out.append(_chests(state, LOOT, s, state.loot[s], everyone))
    for p in range(PILES):
        out.append(_chests(state, PILE, -1, state.piles[p], everyone))
    return out


def _chests(state: LittleBattleState, secret: Secret, owner: int, ids: list[int], everyone: frozenset[int]) -> Slice:
    chests = state.chests
    items = [(chests[i].color, chests[i].gold) for i in ids]

    def put(dealt: list[tuple[str, int]]) -> None:
        new = list(state.chests)
        for i, (color, gold) in zip(ids, dealt, strict=True):
            new[i] = Chest(color, gold)
        state.chests = tuple(new)

    return secret.slice(owner, items, put, [color for color, _ in items], backs, everyone)


def _refill(stack: list[int]) -> Callable[[list[int]], None]:
    def put(items: list[int]) -> None:
        stack[:] = items

    return put


def _replay(state: LittleBattleState, seat: int) -> Callable[[list[int]], None]:
    """Deal new cards into ``seat``'s face-down places on the beach."""

    def put(cards: list[int]) -> None:
        it = iter(cards)
        state.beach = [[(s, next(it) if s == seat else c) for s, c in b] for b in state.beach]

    return put


__all__ = ["HAND", "LOOT", "NAP", "PILE", "PLAY", "PLAYED_AT", "SECRECY", "SHIP", "secrets"]
