"""The core's own steps, and the runner of the continuation.

``CoreSteps`` answers for the Bootcamp's steps (the star flip, the Block
tokens, deploying, the Move, the Order, the dice, the Scout, throws and
landings) the questions the state asks of a part for its steps: who acts,
what is legal, why an action is not, what it does, what chance may bring.
``run`` runs one frame of the continuation (``flow``): a core frame by its
name, a part's hook or a part's own frame.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Block, Landing, Move, Order, Roll, Star
from engine.little_soldiers.chance import counted, dice_outcomes
from engine.little_soldiers.combat import (
    check_throw,
    explode,
    lightning,
    on_landing,
    on_reroll,
    on_roll,
    on_scout,
    on_throw,
    reroll_actions,
    roll_tables,
    scout_actions,
    shot_faces,
    start_attack,
    target_of,
)
from engine.little_soldiers.flow import (
    AFTER_DEPLOYMENT,
    ATTACK,
    BEGIN_GAME,
    BEGIN_TURN,
    DEPLOY_FROM_HQ,
    DO_MOVE,
    END_TURN,
    EXPLODE,
    FIRST_ROUND,
    GAME_OVER,
    LIGHTNING,
    MOVE_STEP,
    MOVES,
    NEXT_DEPLOYER,
    NEXT_ROUND,
    NEXT_TURN,
    ROUND_CUT,
    START_ROUND,
    TURN_MOVE,
    TURN_OVER,
    Frame,
)
from engine.little_soldiers.movement import check_move, do_move, granted_moves, on_move, turn_move
from engine.little_soldiers.phases import (
    DEPLOY,
    LANDING,
    MOVE,
    ORDER,
    REROLL,
    REVEAL,
    ROLL,
    SCOUT,
    SETUP,
    THROW,
)
from engine.little_soldiers.preparation import (
    after_deployment,
    block_pile,
    check_deploy,
    deploy_from_hq,
    next_deployer,
    on_block,
    on_deploy,
    on_star,
    start_round,
)
from engine.little_soldiers.table.landings import landing_problem
from engine.little_soldiers.turns import (
    begin_turn,
    check_order,
    end_turn,
    game_over,
    move_step,
    next_round,
    next_turn_or_round,
    on_order,
    order_actions,
    round_cut,
    turn_over,
)

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

HELP = {
    ORDER: "give an Order to one of your Little Soldiers in play.",
    REROLL: "choose the dice to reroll, or keep them.",
    SCOUT: f"place {R.SCOUT_SHIELDS} Shield tokens on your opponents' Little Soldiers.",
}


class CoreSteps:
    """The Bootcamp's steps, asked as a part's steps are (see ``part.Part``)."""

    def to_act(self, st: LittleSoldiersState) -> int | None:
        return None

    def legal(self, st: LittleSoldiersState, seat: int) -> list[Any]:
        phase = st.phase
        if phase is ORDER:
            return [*order_actions(st), *st.card_plays()]
        if phase is REROLL:
            return list(reroll_actions(st))
        if phase is SCOUT:
            return list(scout_actions(st))
        return []

    def check(self, st: LittleSoldiersState, seat: int, action: Any) -> str | None:
        phase = st.phase
        if phase is DEPLOY:
            return check_deploy(st, action)
        if phase is MOVE:
            return check_move(st, action)
        if phase is THROW:
            return check_throw(st, seat, action)
        if phase is ORDER and isinstance(action, Order):
            return check_order(st, action)
        if action in self.legal(st, seat):
            return None
        return f"{action} is not possible now: {st.phase_help()}"

    def apply(self, st: LittleSoldiersState, seat: int, action: Any) -> None:
        _APPLY[st.phase](st, action)

    def help(self, st: LittleSoldiersState) -> str:
        return HELP.get(st.phase, f"the game is in its {st.phase} step.")

    # ------------------------------------------------------------ chance
    def chance_outcomes(self, st: LittleSoldiersState) -> list[tuple[Any, float]] | None:
        """The star flip, a Block token, a few dice; None for a landing (continuous)."""
        phase = st.phase
        if phase is SETUP:
            n = len(st.generals) if len(st.generals) > 2 else 2
            return [(Star(g), 1.0 / n) for g in range(n)]
        if phase is REVEAL:
            return list(counted(Block, block_pile(st)))
        if phase is ROLL:
            outcomes = dice_outcomes(roll_tables(st, st.current_attack()))
            return None if outcomes is None else list(outcomes)
        return None

    def sample_chance(self, st: LittleSoldiersState, rng: random.Random) -> Any:
        phase = st.phase
        if phase is SETUP:
            return Star(rng.randrange(len(st.generals)) if len(st.generals) > 2 else rng.randrange(2))
        if phase is REVEAL:
            pile = block_pile(st)
            return Block(pile[rng.randrange(len(pile))])
        if phase is ROLL:
            return Roll(tuple(table[rng.randrange(len(table))] for table in roll_tables(st, st.current_attack())))
        shot = st.current_shot()
        seed = rng.getrandbits(32)
        got = st.terrain.throw(shot.kind, shot.start, shot.direction, shot.strength, seed, st.chosen)
        return Landing(got.x, got.y, got.z, got.face, got.teleporters, seed)

    def check_chance(self, st: LittleSoldiersState, action: Any) -> str | None:
        phase = st.phase
        if phase is SETUP:
            if not isinstance(action, Star) or not 0 <= action.general < len(st.generals):
                return "The star flip names the General who plays first."
            return None
        if phase is REVEAL:
            pile = block_pile(st)
            if not isinstance(action, Block) or action.number not in pile:
                return f"A Block token from the pile is revealed now (left: {sorted(pile)})."
            return None
        if phase is ROLL:
            a = st.current_attack()
            if not isinstance(action, Roll) or len(action.faces) != len(a.pending):
                return f"{len(a.pending)} dice are being rolled."
            for table, f in zip(roll_tables(st, a), action.faces, strict=True):
                if f not in table:
                    return f"{f!r} is not a face of that die."
            return None
        if phase is LANDING:
            return check_landing(st, action)
        return "No chance step is due now."

    def audience(self, st: LittleSoldiersState, action: Any) -> frozenset[int] | None:
        """The core's chance is on the table: the star, a Block token, dice, a landing."""
        return None


def check_landing(st: LittleSoldiersState, action: Any) -> str | None:
    """A landing of the shot in the air: a face of its die or token, and what
    it touched known to the parts that read it (Teleporters)."""
    shot = st.current_shot()
    if not isinstance(action, Landing):
        return "The thrown die or token lands now."
    if action.face not in shot_faces(st, shot.kind):
        return f"{action.face!r} is not a face of the {shot.kind} die or token."
    # A landing is a claim: where the physics could have put it (finite, on the table, within the
    # throw's reach, at rest on a surface, a 32-bit seed); which Teleporters exist, the parts say.
    named = action.teleporters if isinstance(action.teleporters, tuple) else ()
    problem = landing_problem(st.terrain, shot.kind, shot.start, shot.strength, action, shot_faces(st, shot.kind),
                              tuple(t for t in named if isinstance(t, str)))
    if problem is not None:
        return problem
    hooks = st.rules.hooks["check_landing"]
    if action.teleporters and not hooks:
        return f"{action.teleporters[0]!r} is not a Teleporter: nothing in this game carries a throw away."
    for p in hooks:
        reason = p.check_landing(st, action)
        if reason:
            return reason
    return None


_APPLY: dict[str, Callable[[LittleSoldiersState, Any], None]] = {
    SETUP: on_star, REVEAL: on_block, ROLL: on_roll, LANDING: on_landing, DEPLOY: on_deploy, MOVE: on_move,
    ORDER: on_order, REROLL: on_reroll, SCOUT: on_scout, THROW: on_throw,
}
"""The core's steps' actions (a Tactics card played in the Move or Order step goes to its part first)."""


# ================================================================ the continuation's runner
def begin_game(st: LittleSoldiersState) -> None:
    """The BEGIN_GAME frame: the parts' first steps, then the mission's way into the first round."""
    st.then(*st.hook_frames("begin_game"), Frame(FIRST_ROUND))


_CORE: dict[str, Callable[[LittleSoldiersState, tuple[Any, ...]], None]] = {
    BEGIN_GAME: lambda st, a: begin_game(st),
    FIRST_ROUND: lambda st, a: st.rules.mission.first_round(st),
    START_ROUND: lambda st, a: start_round(st),
    NEXT_ROUND: lambda st, a: next_round(st),
    DEPLOY_FROM_HQ: lambda st, a: deploy_from_hq(st, int(a[0])),
    NEXT_DEPLOYER: lambda st, a: next_deployer(st, int(a[0])),
    AFTER_DEPLOYMENT: lambda st, a: after_deployment(st),
    BEGIN_TURN: lambda st, a: begin_turn(st, int(a[0])),
    MOVE_STEP: lambda st, a: move_step(st, str(a[0]), a[1]),
    TURN_MOVE: lambda st, a: turn_move(st),
    MOVES: lambda st, a: granted_moves(st, str(a[0]), int(a[1])),
    DO_MOVE: lambda st, a: do_move(st, Move(str(a[0]), float(a[1]), float(a[2]), bool(a[3]))),
    ATTACK: lambda st, a: start_attack(st, str(a[0]), str(a[1]), bool(a[2])),
    LIGHTNING: lambda st, a: lightning(st, str(a[0]), str(a[1])),
    EXPLODE: lambda st, a: explode(st),
    END_TURN: lambda st, a: end_turn(st, bool(a[0])),
    TURN_OVER: lambda st, a: turn_over(st),
    NEXT_TURN: lambda st, a: next_turn_or_round(st),
    ROUND_CUT: lambda st, a: round_cut(st),
    GAME_OVER: lambda st, a: game_over(st),
}
"""The core's frames (but OPEN, which the state's loop handles), by name."""


def run(st: LittleSoldiersState, f: Frame) -> None:
    """Run one frame of the continuation."""
    if not f.part:
        _CORE[f.do](st, f.args)
        return
    part = st.rules.part_keyed(f.part)
    a = f.args
    if f.do == "after_move":
        part.after_move(st, st.soldiers[str(a[0])], [(float(x), float(y)) for x, y in a[1]])
    elif f.do == "before_move":
        part.before_move(st, Move(str(a[0]), float(a[1]), float(a[2]), bool(a[3])))
    elif f.do == "on_lightning":
        part.on_lightning(st, st.soldiers[str(a[0])], target_of(st, str(a[1])))
    elif f.do == "before_end_of_turn":
        part.before_end_of_turn(st, bool(a[0]))
    elif f.do == "begin_game":
        part.begin_game(st)
    elif f.do == "turn_begins":
        part.turn_begins(st)
    elif f.do == "before_roll":
        part.before_roll(st)
    elif f.do == "on_landing":
        part.on_landing(st)
    else:
        part.resume(st, f)


def known_frame(f: Frame, parts: dict[str, Any]) -> str | None:
    """Why a frame read from data cannot be run (None: it can)."""
    if not f.part:
        return None if f.do in _CORE or f.do == "open" else f"no step of the core is called {f.do!r}"
    return None if f.part in parts else f"no part {f.part!r} is played"
