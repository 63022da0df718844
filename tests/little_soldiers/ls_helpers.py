"""Small hand-built battlefields and game positions for the rule tests.

The test table is 100 x 60 cm with the four Deployment tokens in the
corners; scenery is added per test, so every distance and every line of
sight in a test can be worked out by hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.protocol import CHANCE
from engine.geometry.battlefield import Battlefield
from engine.little_soldiers.config import Config
from engine.little_soldiers.flow import TURN_MOVE, Frame, frame
from engine.little_soldiers.phases import MOVE, After
from engine.little_soldiers.state import LittleSoldiersState, new_game
from engine.little_soldiers.terrain import Spot

DEPLOYMENT = [
    {"kind": "deployment", "number": 1, "at": [10, 10]},
    {"kind": "deployment", "number": 2, "at": [10, 50]},
    {"kind": "deployment", "number": 3, "at": [90, 10]},
    {"kind": "deployment", "number": 4, "at": [90, 50]},
]


def box(ident: str, x: float, y: float, w: float, d: float, h: float, z: float = 0.0,
        level: int | None = None, obj: str | None = None) -> dict[str, Any]:
    return {"id": ident, "shape": {"box": [w, d, h]}, "at": [x, y, z], "level": level, "object": obj}


def battlefield(scenery: Iterable[dict] = (), tokens: Iterable[dict] = ()) -> Battlefield:
    return Battlefield.from_dict({
        "format": 1, "name": "test table",
        "play_zone": [[0, 0], [100, 0], [100, 60], [0, 60]],
        "scenery": list(scenery),
        "tokens": DEPLOYMENT + list(tokens),
    })


def game(scenery: Iterable[dict] = (), tokens: Iterable[dict] = (), modules: tuple[str, ...] = (),
         squads=None, players: int = 2, overrides: dict | None = None) -> LittleSoldiersState:
    """An unseeded game on a test table: it waits at the star flip."""
    cfg = Config(players=players, level="test-table", modules=modules, squads=squads, overrides=overrides or {})
    return new_game(cfg, None, battlefield=battlefield(scenery, tokens))


def position(state: LittleSoldiersState, spots: dict[str, tuple], tokens: dict[int, int] | None = None,
             general: int = 0, round_: int = 1) -> LittleSoldiersState:
    """Skip Round Preparation: soldiers stand where ``spots`` says (x, y[, surface]),
    the others stay in the HQ; General g holds ``tokens[g]`` Order tokens taken
    from its lid (one per round so far); ``general`` starts its turn's Move."""
    tokens = tokens if tokens is not None else {g: 1 for g in range(len(state.generals))}
    for ident, where in spots.items():
        state.soldiers[ident].spot = Spot(float(where[0]), float(where[1]), where[2] if len(where) > 2 else None)
    for g, gen in enumerate(state.generals):
        gen.lid = 3 - round_
        gen.tokens = tokens.get(g, 0)
        gen.bottom = 0
    state.round = round_
    state.first = general
    state.current = general
    state.phase = MOVE
    state.after = After.ORDER
    state.pending = (Frame(TURN_MOVE),)  # the turn's Move: the Order comes next
    return state


def roll(state: LittleSoldiersState, *faces: str) -> None:
    from engine.little_soldiers.actions import Roll

    state.apply(CHANCE, Roll(tuple(faces)))


def total_tokens(state: LittleSoldiersState, g: int) -> int:
    return state.order_tokens(g)


def run(state: LittleSoldiersState, do: str, *args: Any) -> None:
    """Run one of the core's frames now (``engine.little_soldiers.flow``: the
    round's end, the game's end...), then what follows it, as the engine would."""
    state.then(frame(do, *args))
    state.proceed()
