"""What each seat may read of a game of Toy Battle, declared once.

Public: the terrain, the board (stacks, discard, regions, medals), the
turn and its pending effect, how many troops each rack holds and which of
them the opponent saw arrive (``known``: taken back from the board or the
discard), the result. Secret, declared as ``Secret`` kinds:

- ``reserve``, ``box``: nobody's (their order is unknown even to their
  owner); a colour's shuffle lands in them;
- ``rack``: the rack tiles the opponent did not see arrive, their owner's;
- ``face_down``: which rack tiles lie face down, their owner's; the
  Battlefield's blind pick lands there (XB-42's goes face up to the
  discard: public).

A colour's tiles are interchangeable among its hidden places, so
``determinize`` deals them again across reserve, box and rack; the face-down
tiles are re-drawn from the re-dealt rack (``settle_unseen``). The view
(``engine.toy_battle.view``), the history's audiences and the log's private
lines all come from ``SECRECY``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from engine.core.secrecy import Secrecy, Secret, Slice
from engine.toy_battle.actions import Pick, Shuffle
from engine.toy_battle.data import COLOURS
from engine.toy_battle.supply import counts_kinds

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.toy_battle.state import ToyBattleState


def _colour(state: Any, seat: int, action: Any) -> int | None:
    """A shuffle lands in its colour's reserve and box."""
    return COLOURS.index(action.color)


def _picked(state: Any, seat: int, action: Any) -> int | None:
    """A blind pick lands face down on its victim's rack (the Battlefield);
    XB-42's goes face up to the discard, in no secret."""
    pending = state.pending
    return None if pending is not None and pending[0] == "xb42-pick" else 1 - state.seat


RESERVE = Secret("reserve", owned=False, carries=(Shuffle,), owner=_colour)
BOX = Secret("box", owned=False, carries=(Shuffle,), owner=_colour)
RACK = Secret("rack")
FACE_DOWN = Secret("face_down", carries=(Pick,), owner=_picked)

SECRECY = Secrecy(
    public=(
        "config", "terrain", "objective", "board", "supply.rack_n", "supply.known", "phase", "seat", "pending",
        "todo_troops", "todo_bases", "winner", "reason",
    ),
    secrets=(RESERVE, BOX, RACK, FACE_DOWN),
)


def secrets(state: ToyBattleState) -> list[Slice]:
    """Every hidden part of ``state`` now, from the declaration above."""
    supply = state.supply
    out: list[Slice] = []
    for s in (0, 1):
        colour = COLOURS[s]
        out.append(RESERVE.slice(s, supply.reserve[s], _refill(supply.reserve[s]), colour))
        out.append(BOX.slice(s, supply.box[s], _refill(supply.box[s]), colour))
        rack, known = supply.racks[s], supply.known[s]
        unseen = [k for k in range(8) for _ in range(rack[k] - known[k])]
        out.append(RACK.slice(s, unseen, _rack_put(state, s), colour))
        out.append(FACE_DOWN.slice(s, counts_kinds(supply.blocked[s])))
    return out


def settle_unseen(state: ToyBattleState, seat: int, rng: random.Random) -> None:
    """The opponent's face-down tiles (a spectator's: both sides'): as many
    as the view counts, drawn from the re-dealt rack."""
    supply = state.supply
    for opp in (0, 1):
        down = supply.down[opp]
        if opp != seat and down:
            blocked = [0] * 8
            for kind in rng.sample(counts_kinds(supply.racks[opp]), down):
                blocked[kind] += 1
            supply.set_blocked(opp, blocked)


def _refill(stack: list[int]) -> Callable[[list[int]], None]:
    def put(items: list[int]) -> None:
        stack[:] = items

    return put


def _rack_put(state: ToyBattleState, seat: int) -> Callable[[list[int]], None]:
    def put(kinds: list[int]) -> None:
        rack = list(state.supply.known[seat])
        for k in kinds:
            rack[k] += 1
        state.supply.set_rack(seat, rack)

    return put


__all__ = ["BOX", "FACE_DOWN", "RACK", "RESERVE", "SECRECY", "secrets", "settle_unseen"]
