"""The continuation: what the game does once the step it waits in is resolved.

A Little Soldiers turn is a chain of steps (the Move, the Order, the dice,
a card's Action, an Object, the Threats' turn...), and a step often opens
in the middle of another's consequences: an Object touched at the end of a
Move, a Reaction window before the dice, a Tactics card drawn for a Crate.
The state keeps what is left to do as plain data, ``LittleSoldiersState.
pending``: a tuple of ``Frame`` values, the next one first. When a step is
resolved the core runs the frames in order until one opens a step (``OPEN``)
and the game waits again.

Whoever decides what comes next says so by adding frames in front
(``state.then``), opening a step (``state.open``, which is a frame too) or,
for a Wipeout, replacing the whole continuation (``state.cut``); nothing
returns "I took over", and nothing resumes by a list index. A part's hook is
a frame as well (``Frame(hook, part=key)``), so the parts after it run when
the step it opened is over.

Frames are small frozen values of JSON-able data, so ``to_dict`` writes the
continuation and ``from_dict`` reads it back. This module only names them;
the core's steps (``steps``) run them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

Value = Any
"""A frame's argument: None, a bool, a number, a string, or a tuple of these."""


class Frame(NamedTuple):
    """One thing to do: ``do`` names it; ``part`` is the key of the part that
    runs it ("" for the core); ``args`` are plain values (ids, numbers). A
    NamedTuple, not a frozen dataclass: the core makes several a step, and
    this is the cheapest immutable value."""

    do: str
    part: str = ""
    args: tuple[Value, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.do, "args": _listed(self.args)}
        if self.part:
            out["part"] = self.part
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Frame:
        """The inverse of ``to_dict``; a ValueError names a bad field."""
        if not isinstance(data, Mapping) or not isinstance(data.get("do"), str):
            raise ValueError(f"a pending frame needs \"do\" (a name), not {data!r}")
        part = data.get("part", "")
        if not isinstance(part, str):
            raise ValueError(f"pending frame {data['do']!r}: \"part\" must be a part's key")
        args = data.get("args", [])
        if not isinstance(args, list):
            raise ValueError(f"pending frame {data['do']!r}: \"args\" must be a list")
        return cls(data["do"], part, tuple(_tupled(a) for a in args))


def _listed(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_listed(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise ValueError(f"a pending frame's argument must be plain data, not {value!r}")


def frames_to_data(frames: Sequence[Frame]) -> list[dict[str, Any]]:
    return [f.to_dict() for f in frames]


def frames_from_data(data: Any) -> tuple[Frame, ...]:
    if not isinstance(data, list):
        raise ValueError("\"pending\" must be a list of frames")
    return tuple(Frame.from_dict(d) for d in data)


# ---------------------------------------------------------------- the core's frames
OPEN = "open"
"""(phase name): wait in this step (the continuation's end for now)."""
BEGIN_GAME = "begin_game"
"""Set-up is over: the parts' first steps (starting Tactics draws), then the first round."""
FIRST_ROUND = "first_round"
"""The mission's way into the first round (the star flip in the Bootcamp)."""
START_ROUND = "start_round"
"""A round begins: its number, then the mission's Round Preparation."""
NEXT_ROUND = "next_round"
"""The next round, the star holder first."""
DEPLOY_FROM_HQ = "deploy_from_hq"
"""(first General): Round Preparation's deployments from the HQ."""
NEXT_DEPLOYER = "next_deployer"
"""(first General to look at): the next General with a soldier to deploy."""
AFTER_DEPLOYMENT = "after_deployment"
"""Round Preparation's Order tokens and the star, then the first turn."""
BEGIN_TURN = "begin_turn"
"""(General): a General's turn, its Move first."""
MOVE_STEP = "move_step"
"""(After value, mover or None): open a MOVE step of that kind."""
TURN_MOVE = "turn_move"
"""The turn's Move is over: the Order, or the End of Turn with no Order to give."""
MOVES = "moves"
"""(soldier, Moves left counting the one being made): a soldier's granted
Moves (Super Soldier's lightning): another, or done."""
DO_MOVE = "do_move"
"""(soldier, x, y, climb): a declared Move is made (after any window held it)."""
ATTACK = "attack"
"""(attacker, target, risky): an Attack is declared; its dice come next."""
LIGHTNING = "lightning"
"""(attacker, target): the Attack's lightning, for the parts that count it."""
EXPLODE = "explode"
"""The landed Grenade or Mortar explodes."""
END_TURN = "end_turn"
"""(played): the Action is over: the End of the Turn (``played`` False: a turn
skipped, its General having nothing in play)."""
TURN_OVER = "turn_over"
"""The End of the Turn proper, after any steps before it (the Threats' turn)."""
NEXT_TURN = "next_turn"
"""The Bootcamp's End of Turn order: the round's or game's end, or the next player."""
ROUND_CUT = "round_cut"
"""The round ends at once (a Wipeout): the mission says what follows."""
GAME_OVER = "game_over"
"""The game ends: the mission's result."""

CORE_FRAMES = frozenset({
    OPEN, BEGIN_GAME, FIRST_ROUND, START_ROUND, NEXT_ROUND, DEPLOY_FROM_HQ, NEXT_DEPLOYER, AFTER_DEPLOYMENT,
    BEGIN_TURN, MOVE_STEP, TURN_MOVE, MOVES, DO_MOVE, ATTACK, LIGHTNING, EXPLODE, END_TURN, TURN_OVER, NEXT_TURN,
    ROUND_CUT, GAME_OVER,
})

# ---------------------------------------------------------------- the parts' hooks that may open a step
HOOK_FRAMES = frozenset({
    "begin_game", "turn_begins", "after_move", "before_move", "before_roll", "on_lightning", "on_landing",
    "before_end_of_turn",
})
"""Hooks the core runs as frames (``Frame(hook, part=key, args)``): each may
open a step, and the parts after it wait until that step is over."""


_OPENS: dict[str, Frame] = {}


def open_frame(phase: str) -> Frame:
    """The frame that opens ``phase`` (made once per step: the core opens one a step)."""
    found = _OPENS.get(phase)
    if found is None:
        found = _OPENS[phase] = Frame(OPEN, "", (str(phase),))
    return found


def frame(do: str, *args: Value) -> Frame:
    """A core frame."""
    return Frame(do, "", tuple(args))


def moves_left(pending: Sequence[Frame]) -> int:
    """The granted Moves still to make after the one being made (0 when none)."""
    for f in pending:
        if f.do == MOVES and not f.part:
            return int(f.args[1])
    return 0
