"""Little Soldiers states built from data (``LittleSoldiersState.from_dict``).

Tests build positions from JSON instead of assigning fields; the inverse of
``to_dict``, so ``from_dict(s.to_dict()).to_dict() == s.to_dict()``. The
events are not data of a position and start empty; a state built so has no
generator (chance waits for ``resolve_chance`` or forced outcomes).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.protocol import Result
from engine.little_soldiers.config import Config
from engine.little_soldiers.phases import After, Phase
from engine.little_soldiers.pieces import AttackDice, General, LastRoll, LastThrow, Shot, Soldier


def load_state(cls: Any, data: Mapping[str, Any], battlefield: Any | None = None) -> Any:
    """Build ``cls`` (LittleSoldiersState) from ``to_dict`` output; a bad
    field is refused with its name."""
    from engine.little_soldiers.state import make_terrain

    if not isinstance(data, Mapping) or data.get("game") != cls.game:
        raise ValueError(f"a Little Soldiers state needs \"game\": {cls.game!r}")
    try:
        config = Config.from_dict(data["config"])
        state = cls(config, make_terrain(config, battlefield), None)
        state.events = []
        state.soldiers = {s["id"]: Soldier.from_dict(s) for s in data["soldiers"]}
        state.generals = [General.from_dict(g) for g in data["generals"]]
        state.round = int(data["round"])
        state.phase = Phase(data["phase"])
        state.current, state.first = int(data["current"]), int(data["first"])
        state.star, state.star_taken = data["star"], bool(data["star_taken"])
        state.blocks = [int(b) for b in data["blocks_left"]]
        state.block = data["block"]
        state.mover = data["mover"]
        state.after = After(data["after"])
        state.moves_left = int(data["moves_left"])
        state.attack = AttackDice.from_dict(data["attack"]) if data["attack"] else None
        state.shot = Shot.from_dict(data["shot"]) if data["shot"] else None
        state.practice_left = [int(n) for n in data["practice_left"]]
        state.round_over_now = bool(data.get("round_over_now", False))
        state.measured = dict(data.get("measured") or {})
        state.last_roll = LastRoll.from_dict(data["last_roll"]) if data.get("last_roll") else None
        state.last_throw = LastThrow.from_dict(data["last_throw"]) if data.get("last_throw") else None
        res = data.get("result")
        state.outcome = Result(tuple(res["winners"]), tuple(res["scores"]), res["reason"]) if res else None
        if data.get("effect") or data.get("window"):
            from engine.little_soldiers.tactics import Effect, Window

            state.effect = Effect.from_dict(data["effect"]) if data.get("effect") else None
            state.window = Window.from_dict(data["window"]) if data.get("window") else None
        for p in state.parts:
            p.load(dict(data))
    except KeyError as e:
        raise ValueError(f"a Little Soldiers state lacks the field {e.args[0]!r}") from None
    return state
