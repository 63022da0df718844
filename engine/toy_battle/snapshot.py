"""A game of Toy Battle as plain data: ``to_dict`` and back.

The whole truth, hidden tiles included (for hashing, tests, debugging);
troops by name, nodes by id. Reading it back checks every field and that
each colour's 24 troops are all somewhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.protocol import Event
from engine.toy_battle.config import Config
from engine.toy_battle.data import COLOURS, TROOP_NAMES, TROOPS_PER_COLOUR
from engine.toy_battle.phases import Phase
from engine.toy_battle.troops import KIND_OF_NAME

if TYPE_CHECKING:
    from engine.toy_battle.state import ToyBattleState


def to_dict(state: ToyBattleState) -> dict[str, Any]:
    """The whole truth as JSON data."""
    ids = state.terrain.ids
    board, supply = state.board, state.supply
    return {
        "config": state.config.to_dict(),
        "board": {ids[i]: [code_str(c) for c in s] for i, s in enumerate(board.stacks) if s},
        "racks": [counts_list(r) for r in supply.racks],
        "reserves": [[TROOP_NAMES[k] for k in reversed(r)] for r in supply.reserve],
        "box": [sorted(TROOP_NAMES[k] for k in b) for b in supply.box],
        "discard": [code_str(c) for c in board.discard],
        "medals": list(board.medals),
        "claimed": list(board.claimed),
        "face_down": [counts_list(b) for b in supply.blocked],
        "known": [counts_list(k) for k in supply.known],
        "phase": int(state.phase),
        "turn": state.seat,
        "pending": None if state.pending is None else [state.pending[0], ids[state.pending[1]]],
        "todo_troops": [[TROOP_NAMES[k], ids[n]] for k, n in state.todo_troops],
        "todo_bases": [ids[n] for n in state.todo_bases],
        "winner": state.winner,
        "reason": state.reason,
        "events": [[e.text, None if e.seats is None else sorted(e.seats)] for e in state.events],
    }


def config_of(data: dict[str, Any]) -> Config:
    """The config of a state written by ``to_dict``; ValueError naming what is wrong."""
    try:
        return Config.from_dict(data["config"])
    except KeyError as err:
        raise ValueError(f"a Toy Battle state needs {err.args[0]!r}: missing field or unknown name") from None
    except (TypeError, ValueError) as err:
        raise ValueError(f"not a Toy Battle state: {err}") from None


def load(state: ToyBattleState, data: dict[str, Any]) -> None:
    """Write the position ``to_dict`` wrote into a new ``state`` of its config."""
    try:
        t = state.terrain
        kind = KIND_OF_NAME.__getitem__
        board, supply = state.board, state.supply
        stacks: list[tuple[int, ...]] = [()] * len(t.ids)
        for nid, stack in data["board"].items():
            stacks[t.index[nid]] = tuple(str_code(c) for c in stack)
        board.set_stacks(stacks)
        for seat, names in enumerate(data["racks"]):
            supply.set_rack(seat, list_counts(names))
        supply.reserve = [[kind(x) for x in reversed(r)] for r in data["reserves"]]
        supply.box = [[kind(x) for x in b] for b in data["box"]]
        board.discard = [str_code(c) for c in data["discard"]]
        board.medals = [int(m) for m in data["medals"]]
        board.claimed = [int(c) for c in data["claimed"]]
        for seat, names in enumerate(data["face_down"]):
            supply.set_blocked(seat, list_counts(names))
        supply.known = [list_counts(k) for k in data["known"]]
        state.phase = Phase(int(data["phase"]))
        state.seat = int(data["turn"])
        pending = data["pending"]
        state.pending = None if pending is None else (pending[0], t.index[pending[1]])
        state.todo_troops = [(kind(x), t.index[nid]) for x, nid in data["todo_troops"]]
        state.todo_bases = [t.index[nid] for nid in data["todo_bases"]]
        state.winner = int(data["winner"])
        state.reason = str(data["reason"])
        state.events = [Event(text, None if seats is None else frozenset(seats)) for text, seats in data["events"]]
    except KeyError as err:
        raise ValueError(f"a Toy Battle state needs {err.args[0]!r}: missing field or unknown name") from None
    except (TypeError, ValueError, IndexError) as err:
        raise ValueError(f"not a Toy Battle state: {err}") from None
    if len(supply.racks) != 2:
        raise ValueError("racks: expected one rack per player (2)")
    for seat in (0, 1):
        census = state.troop_census(seat)
        if sum(census.values()) != TROOPS_PER_COLOUR:
            raise ValueError(f"{COLOURS[seat]} has {sum(census.values())} troops in all, not {TROOPS_PER_COLOUR}")
    state.changed()


def code_str(code: int) -> str:
    """A troop code as "blue roxy"."""
    return f"{COLOURS[code >> 3]} {TROOP_NAMES[code & 7]}"


def str_code(text: str) -> int:
    """"blue roxy" as a troop code."""
    colour, name = text.split(" ")
    return COLOURS.index(colour) << 3 | KIND_OF_NAME[name]


def counts_list(counts: list[int]) -> list[str]:
    """Counts per kind as troop names."""
    return [TROOP_NAMES[k] for k in range(8) for _ in range(counts[k])]


def list_counts(names: list[str]) -> list[int]:
    """Troop names as counts per kind."""
    counts = [0] * 8
    for name in names:
        counts[KIND_OF_NAME[name]] += 1
    return counts


__all__ = ["code_str", "config_of", "counts_list", "list_counts", "load", "str_code", "to_dict"]
