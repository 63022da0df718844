"""A Toy Battle state rebuilt from one seat's view alone (a network client's).

A client at a served table holds its seat's view picture (``to_dict``),
never the truth. Its bot and its previews still need a ``State`` to ask
(legal actions, the frontier, a determinized sample), so the client builds
a *stand-in*: a state whose view for that seat is the picture it was given,
with every tile the seat cannot see dealt in one fixed order from the tiles
it knows are unseen (each colour's 24, less those on the board, in the
discard and in the racks as the seat sees them). Nothing hidden is read:
the stand-in is a function of the picture, so it equals the truth only
where the seat could see the truth anyway, and a determinized sample of it
is the sample the truth would give (the pools are the same multisets).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.toy_battle.config import Config
from engine.toy_battle.data import COLOURS, COPIES_PER_KIND, TROOP_NAMES
from engine.toy_battle.state import ToyBattleState


def stand_in(picture: Mapping[str, Any], config: Config) -> ToyBattleState:
    """A state whose view for ``picture["seat"]`` is ``picture``; raises
    ValueError when the picture is not one a Toy Battle view could give."""
    me = picture["seat"]
    seated = me in (0, 1)
    racks: list[list[str]] = []
    unseen: list[Counter[str]] = []
    for colour, public in zip(COLOURS, picture["racks"], strict=True):
        seat = COLOURS.index(colour)
        pool = Counter({name: COPIES_PER_KIND for name in TROOP_NAMES})
        for stack in picture["board"].values():
            pool.subtract(t.split(" ", 1)[1] for t in stack if t.startswith(colour + " "))
        pool.subtract(t.split(" ", 1)[1] for t in picture["discard"] if t.startswith(colour + " "))
        rack = list(picture["rack"]) if seated and seat == me else list(public["seen"])
        pool.subtract(rack)
        if any(n < 0 for n in pool.values()):
            raise ValueError(f"the picture shows more {colour} troops than the box holds")
        unseen.append(pool)
        racks.append(rack)
    reserves: list[list[str]] = []
    boxes: list[list[str]] = []
    face_down: list[list[str]] = [[], []]
    for seat in (0, 1):
        tiles = sorted(unseen[seat].elements(), key=TROOP_NAMES.index)
        missing = picture["racks"][seat]["size"] - len(racks[seat])
        need = picture["reserve_sizes"][seat] + picture["box_sizes"][seat] + missing
        if need != len(tiles) or missing < 0:
            raise ValueError(f"the picture's {COLOURS[seat]} counts do not add up to the box")
        racks[seat] += tiles[:missing]
        rest = tiles[missing:]
        reserves.append(rest[:picture["reserve_sizes"][seat]])
        boxes.append(rest[picture["reserve_sizes"][seat]:])
        if seated and seat == me:
            face_down[seat] = list(picture["face_down"])
        else:  # which of the rack's tiles lie face down is the owner's: the first ones, in kind order
            face_down[seat] = sorted(racks[seat], key=TROOP_NAMES.index)[:picture["racks"][seat]["face_down"]]
    result = picture["result"]
    data = {
        "config": config.to_dict(),
        "board": {node: list(stack) for node, stack in picture["board"].items()},
        "racks": racks,
        "reserves": reserves,
        "box": boxes,
        "discard": list(picture["discard"]),
        "medals": list(picture["medals"]),
        "claimed": list(picture["claimed"]),
        "face_down": face_down,
        "known": [list(r["seen"]) for r in picture["racks"]],
        "phase": picture["phase"],
        "turn": picture["turn"],
        "pending": picture["step"],
        "todo_troops": picture["todo_troops"],
        "todo_bases": picture["todo_bases"],
        "winner": result["winners"][0] if result else -1,
        "reason": result["reason"] if result else "",
        "events": [[text, None] for text in picture["events"]],
    }
    return ToyBattleState.from_dict(data, None, config)
