"""Little Soldiers states built from data (``LittleSoldiersState.from_dict``).

Tests build positions from JSON instead of assigning fields; the inverse of
``to_dict``, so ``from_dict(s.to_dict()).to_dict() == s.to_dict()``. The
events are not data of a position and start empty; a state built so has no
generator (chance waits for ``resolve_chance`` or forced outcomes).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core.protocol import Result
from engine.little_soldiers.config import Config, mission_class
from engine.little_soldiers.flow import END_TURN, MOVES, TURN_MOVE, Frame, frame, frames_from_data
from engine.little_soldiers.game import LittleSoldiersGame, make_terrain
from engine.little_soldiers.phases import MOVE, After
from engine.little_soldiers.pieces import AttackDice, General, LastRoll, LastThrow, Shot, Soldier
from engine.little_soldiers.steps import known_frame

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState


def load_state(cls: type[LittleSoldiersState], data: Mapping[str, Any],
               battlefield: Any | None = None) -> LittleSoldiersState:
    """A ``cls`` (LittleSoldiersState) from ``to_dict`` output; a bad field is refused with its name."""
    if not isinstance(data, Mapping) or data.get("game") != cls.game:
        raise ValueError(f"a Little Soldiers state needs \"game\": {cls.game!r}")
    try:
        config = Config.from_dict(data["config"])
        terrain = make_terrain(config, battlefield)
        mission_class(config.mission)
        state = cls(LittleSoldiersGame.build(config, terrain), None)
        rules = state.rules
        state.events = []
        state.soldiers = {s["id"]: Soldier.from_dict(s) for s in data["soldiers"]}
        state.generals = [General.from_dict(g) for g in data["generals"]]
        state.round = int(data["round"])
        state.phase = rules.step(str(data["phase"]))
        state.current, state.first = int(data["current"]), int(data["first"])
        state.star, state.star_taken = data["star"], bool(data["star_taken"])
        state.blocks = [int(b) for b in data["blocks_left"]]
        state.block = data["block"]
        state.mover = data["mover"]
        state.after = After(data["after"])
        state.attack = AttackDice.from_dict(data["attack"]) if data["attack"] else None
        state.shot = Shot.from_dict(data["shot"]) if data["shot"] else None
        state.practice_left = [int(n) for n in data["practice_left"]]
        state.measured = dict(data.get("measured") or {})
        state.last_roll = LastRoll.from_dict(data["last_roll"]) if data.get("last_roll") else None
        state.last_throw = LastThrow.from_dict(data["last_throw"]) if data.get("last_throw") else None
        res = data.get("result")
        state.outcome = Result(tuple(res["winners"]), tuple(res["scores"]), res["reason"]) if res else None
        state.pending = _pending(data, state)
        for p in rules.parts:
            state.slices[p.index] = p.load(state, data)
    except KeyError as e:
        raise ValueError(f"a Little Soldiers state lacks the field {e.args[0]!r}") from None
    return state


def _pending(data: Mapping[str, Any], state: LittleSoldiersState) -> tuple[Frame, ...]:
    """The continuation as written, or, for data written before it was
    (``after`` and ``moves_left`` then said what follows a Move), rebuilt."""
    if "pending" in data:
        frames = frames_from_data(data["pending"])
        for f in frames:
            reason = known_frame(f, dict(state.rules.by_key))
            if reason:
                raise ValueError(f"pending: {reason}")
        return frames
    if state.phase is not MOVE:
        return ()
    if state.after == After.ORDER:
        return (Frame(TURN_MOVE),)
    end = frame(END_TURN, True)
    if state.after == After.LIGHTNING and state.mover is not None:
        return (frame(MOVES, state.mover, int(data.get("moves_left", 0))), end)
    return (end,)
