"""Helpers for Toy Battle tests: small hand-made terrains and arranged positions.

Positions are reached through the protocol where it is cheap (forced
shuffles, a forced first player) and then arranged by writing the board,
racks and reserves directly, so each golden scenario states exactly what
is on the table.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from engine.core.protocol import CHANCE
from engine.toy_battle import Config, new_game
from engine.toy_battle.actions import FirstPlayer, Shuffle
from engine.toy_battle.data import TROOP_NAMES
from engine.toy_battle.state import ToyBattleState
from engine.toy_battle.troops import KIND_OF_NAME

# A 2 x 3 grid:        R
#                      |
#                  4 - 5 - 6
#                  |   |   |
#                  1 - 2 - 3
#                      |
#                      B
MINI: dict[str, Any] = {
    "format": 1,
    "name": "Mini",
    "hqs": {"blue": ["B"], "red": ["R"]},
    "hq_nodes": {"B": {"pos": [50, 0], "special": None}, "R": {"pos": [50, 100], "special": None}},
    "bases": {
        "1": {"pos": [0, 30], "special": None},
        "2": {"pos": [50, 30], "special": None},
        "3": {"pos": [100, 30], "special": None},
        "4": {"pos": [0, 70], "special": None},
        "5": {"pos": [50, 70], "special": None},
        "6": {"pos": [100, 70], "special": None},
    },
    "paths": [["B", "2"], ["1", "2"], ["2", "3"], ["1", "4"], ["2", "5"], ["3", "6"], ["4", "5"], ["5", "6"], ["5", "R"]],
    "regions": [
        {"bases": ["1", "2", "4", "5"], "medals": 2, "pos": [25, 50]},
        {"bases": ["2", "3", "5", "6"], "medals": 3, "pos": [75, 50]},
    ],
    "objective": 5,
}


def mini(**specials: str) -> dict[str, Any]:
    """MINI with some bases made special: ``mini(**{"5": "return"})``."""
    d = copy.deepcopy(MINI)
    for nid, code in specials.items():
        d["bases"][nid]["special"] = code
    return d


def full_order(front: Iterable[str] = ()) -> tuple[str, ...]:
    """A complete 24-troop shuffle that starts with ``front`` (drawn first)."""
    front = list(front)
    rest = [name for name in TROOP_NAMES for _ in range(3)]
    for name in front:
        rest.remove(name)
    return tuple(front + rest)


def start(
    terrain: str = "castle-field",
    first: int = 0,
    blue: Iterable[str] = (),
    red: Iterable[str] = (),
    **config: Any,
) -> ToyBattleState:
    """An unseeded game after setup, shuffles forced so the racks start with ``blue``/``red``."""
    state = new_game(Config(terrain, **config))
    fronts = (tuple(blue), tuple(red))
    state.apply(CHANCE, Shuffle("blue", full_order(fronts[0])))
    state.apply(CHANCE, Shuffle("red", full_order(fronts[1])))
    if state.to_act() == [CHANCE]:
        state.apply(CHANCE, FirstPlayer(first))
    return state


def arrange(
    state: ToyBattleState,
    board: dict[str, Iterable[str]] | None = None,
    racks: tuple[Iterable[str], Iterable[str]] | None = None,
    reserves: tuple[Iterable[str], Iterable[str]] | None = None,
    discard: Iterable[str] = (),
    turn: int | None = None,
) -> ToyBattleState:
    """Write a position: board stacks as "blue roxy" strings bottom first,
    racks and reserves as names (reserve drawn from the front)."""
    if board is not None:
        stacks: list[tuple[int, ...]] = [()] * len(state.terrain.ids)
        for nid, stack in board.items():
            stacks[state.terrain.index[nid]] = tuple(code(t) for t in stack)
        state.board.set_stacks(stacks)
    if racks is not None:
        for seat, names in enumerate(racks):
            counts = [0] * 8
            for name in names:
                counts[KIND_OF_NAME[name]] += 1
            state.supply.set_rack(seat, counts)
    if reserves is not None:
        for seat, names in enumerate(reserves):
            state.supply.reserve[seat] = [KIND_OF_NAME[name] for name in names][::-1]
    if discard:
        state.board.discard = [code(t) for t in discard]
    if turn is not None:
        state.seat = turn
    state.changed()
    return state


def code(troop: str) -> int:
    colour, name = troop.split()
    return ("blue", "red").index(colour) << 3 | KIND_OF_NAME[name]


def top(state: ToyBattleState, nid: str) -> str | None:
    t = state.top(nid)
    return None if t is None else " ".join(t)


def texts(state: ToyBattleState) -> list[str]:
    return [e.text for e in state.events]
