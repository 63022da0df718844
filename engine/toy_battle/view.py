"""One seat's picture of a game of Toy Battle, drawn from what it may read.

Everything here comes from ``View.known()``: the fields ``SECRECY``
declares public and what each secret shows this seat (``engine.toy_battle.
secrecy``). A part of the state declared nowhere is not in the picture.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from engine.core.protocol import View
from engine.toy_battle.data import COLOURS, TROOP_NAMES
from engine.toy_battle.moves import pending_title
from engine.toy_battle.phases import OVER

if TYPE_CHECKING:
    from engine.toy_battle.state import ToyBattleState
    from engine.toy_battle.terrain import Terrain


class ToyBattleView(View):
    """What one seat sees: the board, the discard, the medals, its own rack;
    of the opponent's rack only its size, the tiles seen arriving there and
    how many lie face down; of the reserves and the box only their sizes."""

    _truth: ToyBattleState

    @property
    def terrain(self) -> Terrain:
        return self._truth.terrain

    def random_action(self, rng: random.Random) -> Any:
        """One legal action drawn uniformly (the random bot's choice, without
        copying the list), or None when this seat has none."""
        return self._truth.random_action(self.seat, rng)

    def to_dict(self) -> dict[str, Any]:
        """The seat's picture: everything public, its own rack and face-down
        tiles. Complete as an information state (the phase, the effect being
        resolved and those queued are here), so a state consistent with it can
        be rebuilt from it alone (``engine.toy_battle.stand_in``). A spectator
        (a seat past the two) gets blue's side with no rack of its own."""
        known = self.known()
        me = self.seat
        mine = me in (0, 1)
        opp = 1 - me if mine else 1
        terrain = known["terrain"]
        board = known["board"]
        ids = terrain.ids
        seen = known["known"]
        face_down = known.shown("face_down")
        racks = [{"size": known["rack_n"][p], "seen": [TROOP_NAMES[k] for k in _kinds(seen[p])],
                  "face_down": _size(face_down[p])} for p in (0, 1)]
        over = known["phase"] == OVER
        medals = board.medals
        pending = known["pending"]
        return {
            "game": "toy-battle",
            "terrain": terrain.name,
            "seat": me,
            "colour": COLOURS[me] if mine else None,
            "to_act": self.to_act(),
            "turn": known["seat"],
            "phase": known["phase"],
            "board": {ids[i]: [_code_str(c) for c in st] for i, st in enumerate(board.stacks) if st},
            "rack": sorted([TROOP_NAMES[k] for k in _kinds(seen[me]) + known.shown("rack")[me]],
                           key=TROOP_NAMES.index) if mine else [],
            "face_down": [TROOP_NAMES[k] for k in face_down[me]] if mine else [],
            "opponent_rack": dict(racks[opp]),
            "racks": racks,
            "reserve_sizes": known.shown("reserve"),
            "box_sizes": known.shown("box"),
            "discard": [_code_str(c) for c in board.discard],
            "medals": list(medals),
            "objective": known["objective"],
            "claimed": list(board.claimed),
            "pending": None if pending is None else pending_title(terrain, pending),
            "step": None if pending is None else [pending[0], ids[pending[1]]],
            "todo_troops": [[TROOP_NAMES[k], ids[n]] for k, n in known["todo_troops"]],
            "todo_bases": [ids[n] for n in known["todo_bases"]],
            "events": [e.text for e in self.events],
            "result": None if not over else {
                "winners": [known["winner"]], "scores": [float(m) for m in medals], "reason": known["reason"],
            },
        }


def _code_str(code: int) -> str:
    return f"{COLOURS[code >> 3]} {TROOP_NAMES[code & 7]}"


def _kinds(counts: list[int]) -> list[int]:
    return [k for k in range(8) for _ in range(counts[k])]


def _size(shown: Any) -> int:
    """A slice's size, from its items (shown) or its cover (a count)."""
    return len(shown) if isinstance(shown, list) else int(shown)


__all__ = ["ToyBattleView"]
