"""Hand-built battlefields and positions for the Mission Book and Advanced
Tactics tests (the 100 x 60 cm test table of ls_helpers, plus the missions'
tokens), so every sight line and distance can be worked out by hand."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ls_helpers import DEPLOYMENT, box

from engine.geometry.battlefield import Battlefield
from engine.little_soldiers.config import Config
from engine.little_soldiers.flow import TURN_MOVE, Frame
from engine.little_soldiers.phases import MOVE, After
from engine.little_soldiers.state import LittleSoldiersState, new_game
from engine.little_soldiers.terrain import Spot

THREAT_TARGETS = [
    {"kind": "threat_target", "at": [50, 63], "threat": "pinky", "z": 10.0},
    {"kind": "threat_target", "at": [20, 63], "threat": "howdy", "z": 10.0},
    {"kind": "threat_target", "at": [80, 63], "threat": "bob", "z": 10.0},
]
OCTO_TARGETS = [
    {"kind": "threat_target", "at": [20, 63], "threat": "octocutie-tentacle-1", "z": 6.0},
    {"kind": "threat_target", "at": [50, 63], "threat": "octocutie-head", "z": 16.0},
    {"kind": "threat_target", "at": [80, 63], "threat": "octocutie-tentacle-3", "z": 6.0},
]
# A wall that hides (50, 22) from all three Targets, with Switch 1 beside it.
WALL = box("cover-1", 50, 30, 20, 4, 15)
SWITCHES = [
    {"kind": "force_field_switch", "at": [35, 30], "number": 1, "scenery": ["cover-1"]},
    {"kind": "force_field_switch", "at": [10, 40], "number": 2, "scenery": ["crate-2"]},
    {"kind": "force_field_switch", "at": [90, 40], "number": 3, "scenery": ["crate-3"]},
]
SMALL = [box("crate-2", 10, 46, 6, 4, 6), box("crate-3", 90, 46, 6, 4, 6)]


def table(scenery: Iterable[dict] = (), tokens: Iterable[dict] = (), deployment=DEPLOYMENT) -> Battlefield:
    return Battlefield.from_dict({
        "format": 1, "name": "mission test table",
        "play_zone": [[0, 0], [100, 0], [100, 60], [0, 60]],
        "scenery": list(scenery), "tokens": list(deployment) + list(tokens),
    })


def mission_game(mission: str, players: int = 2, modules: tuple[str, ...] = (), scenery: Iterable[dict] = (),
                 tokens: Iterable[dict] = (), squads=None, overrides: dict | None = None, seed: int | None = None,
                 deployment=DEPLOYMENT) -> LittleSoldiersState:
    cfg = Config(mission=mission, players=players, modules=modules, squads=squads, overrides=overrides or {},
                 level="test-table")
    return new_game(cfg, seed, battlefield=table(scenery, tokens, deployment))


def threat_game(mission: str = "a_new_threat", players: int = 2, modules: tuple[str, ...] = (),
                scenery: Iterable[dict] = (WALL, *SMALL), tokens: Iterable[dict] | None = None, **kw) -> LittleSoldiersState:
    if tokens is None:
        tokens = SWITCHES + (THREAT_TARGETS if mission == "a_new_threat" else
                             OCTO_TARGETS + [{"kind": "force_field_switch", "at": [60, 10], "number": 4}])
    return mission_game(mission, players, modules, scenery, tokens, **kw)


def place(state: LittleSoldiersState, spots: dict[str, tuple], tokens: dict[int, int] | None = None,
          general: int = 0, lids: int | None = None) -> LittleSoldiersState:
    """Skip to a player's Move: soldiers where ``spots`` says, the others in
    the HQ; General g holds ``tokens[g]`` Order tokens (default none)."""
    for ident, where in spots.items():
        state.soldiers[ident].spot = Spot(float(where[0]), float(where[1]), where[2] if len(where) > 2 else None)
    for g, gen in enumerate(state.generals):
        if lids is not None:
            gen.lid = lids
        gen.tokens = (tokens or {}).get(g, 0)
        gen.bottom = 0
    state.round = max(state.round, 1)
    state.first = general
    state.current = general
    state.phase = MOVE
    state.after = After.ORDER
    state.mover = None
    state.pending = (Frame(TURN_MOVE),)  # the turn's Move: the Order comes next
    return state


def stay(state: LittleSoldiersState, soldier: str) -> None:
    from engine.little_soldiers.actions import Move

    sp = state.soldiers[soldier].spot
    state.apply(state.to_act()[0], Move(soldier, sp.x, sp.y))


def texts(state: LittleSoldiersState) -> str:
    return "\n".join(e.text for e in state.events)


def any_of(*values: Any) -> Any:
    return values
