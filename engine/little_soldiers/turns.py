"""The core's turns: a General's Move and Order, the End of the Turn, the
round's and the game's end.

Functions of a state, kept apart so each module stays readable. A turn is
its Move (``MOVE_STEP`` then ``TURN_MOVE``), its Order and the Action the
Order starts, then ``END_TURN``: the continuation (``flow``) carries the
turn from one to the next, and a part joins in through its hooks (a step
before the turn's Move, Bonus Order tokens, the Threats' turn before the End
of the Turn, tidying up at the end).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.little_soldiers.actions import Order
from engine.little_soldiers.combat import enemies_in_play, target_of, valid_targets_of
from engine.little_soldiers.flow import (
    ATTACK,
    BEGIN_TURN,
    END_TURN,
    GAME_OVER,
    MOVE_STEP,
    NEXT_ROUND,
    START_ROUND,
    TURN_MOVE,
    TURN_OVER,
    Frame,
    frame,
    open_frame,
)
from engine.little_soldiers.phases import MOVE, OVER, SCOUT, THROW, After
from engine.little_soldiers.pieces import Shot

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState


# ================================================================ the turn
def begin_turn(st: LittleSoldiersState, g: int) -> None:
    """The BEGIN_TURN frame: General ``g``'s turn, its Move first (a part may
    open a step before it); a General with nothing in play has no turn."""
    st.current = g
    st.clear_action()
    st.after = After.ORDER
    if not st.own_in_play(g):
        st.then(frame(END_TURN, False))  # 2 Against 2: nothing of this General's left in play
        return
    st.then(*st.hook_frames("turn_begins"), frame(MOVE_STEP, After.ORDER.value, None), Frame(TURN_MOVE))


def move_step(st: LittleSoldiersState, after: str, mover: str | None) -> None:
    """The MOVE_STEP frame: a MOVE step of this kind (``mover`` None: any soldier of the General's)."""
    st.after = After(after)
    st.mover = mover
    st.open(MOVE)


# ================================================================ orders
def order_actions(st: LittleSoldiersState) -> list[Order]:
    out: list[Order] = []
    mine = st.own_in_play(st.current)
    every = valid_targets_of(st, [s.id for s in mine])
    for s in mine:
        out.append(Order(s.id, "move"))
        targets = every[s.id]
        out.extend(Order(s.id, "attack", t) for t in targets)
        if s.kind == "sniper":
            out.extend(Order(s.id, "special", t) for t in targets)
        elif s.kind != "infantry" or enemies_in_play(st, st.current):
            out.append(Order(s.id, "special"))  # Scout needs an opponent in play to put Shields on
    return out


def check_order(st: LittleSoldiersState, action: Order) -> str | None:
    s = st.soldiers.get(action.soldier)
    if s is None or s.general != st.current or s.spot is None:
        return f"{action.soldier} is not one of your Little Soldiers in play."
    if action.kind not in ("attack", "move", "special"):
        return "An Order is an Attack, a Move or a Special Action."
    needs_target = action.kind == "attack" or (action.kind == "special" and s.kind == "sniper")
    if not needs_target:
        if action.target is not None:
            return "That Action has no target."
        if action.kind == "special" and s.kind == "infantry" and not enemies_in_play(st, st.current):
            return "Scout places Shield tokens on your opponents' Little Soldiers: none is in play."
        return None
    mission = st.rules.mission
    target = action.target or ""
    if target in mission.targets(st):
        return mission.target_reason(st, s.id, target)
    t = st.soldiers.get(target)
    if t is None or not t.in_play:
        return f"{action.target} is not a Little Soldier in play (broken soldiers cannot be targeted)."
    if t.side == s.side:
        return f"{t.id} is on your side."
    seen = st.sight(s.id, t.id)
    if not seen.valid:
        return f"{t.id} is not a valid target: its entire head must be visible ({seen.describe()})."
    return None


def on_order(st: LittleSoldiersState, action: Order) -> None:
    """An Order token is given (a part's token first, when it keeps some for
    Orders), then the Action starts; the End of the Turn follows it."""
    g = st.generals[st.current]
    s = st.soldiers[action.soldier]
    if not any(p.pay_order(st, g.index, s) for p in st.rules.hooks["pay_order"]):
        g.tokens -= 1
        s.orders += 1
    if st.tokens_on(g.index) == 0 and not st.star_taken and st.rules.mission.uses_star:
        st.star_taken = True
        st.star = g.index
        st.log(f"{st.gname(g.index)} is the first to spend all Order tokens and takes the star.")
    st.log(f"{g.name} gives {s.id} an Order: {action.kind}{' on ' + action.target if action.target else ''}.")
    end = frame(END_TURN, True)
    if action.kind == "move":
        st.then(frame(MOVE_STEP, After.END.value, s.id), end)
    elif action.kind == "attack" or s.kind == "sniper":
        target = target_of(st, action.target or "")
        st.then(frame(ATTACK, s.id, target.id, action.kind != "attack"), end)
    elif s.kind == "infantry":
        st.then(open_frame(SCOUT), end)
    else:
        st.shot = Shot("mortar" if s.kind == "operator" else "grenade", s.id)
        st.then(open_frame(THROW), end)


# ================================================================ end of turn, round, game
def end_turn(st: LittleSoldiersState, played: bool) -> None:
    """The END_TURN frame: the Action is over and with it the turn's
    continuation; the mission's steps before the End of the Turn (the
    Threats' turn), then the End of the Turn."""
    st.clear_action()
    st.pending = ()
    st.then(*st.hook_frames("before_end_of_turn", played), Frame(TURN_OVER))


def turn_over(st: LittleSoldiersState) -> None:
    """The TURN_OVER frame: the parts tidy up, the mission says what comes next."""
    for p in st.rules.hooks["turn_ends"]:
        p.turn_ends(st)
    st.rules.mission.end_turn(st)


def next_turn_or_round(st: LittleSoldiersState) -> None:
    """The NEXT_TURN frame, End of Turn in the Bootcamp's order: no Order
    tokens left on the Generals ends the round (the game when the lids are
    empty too), else the next player with a soldier in play."""
    if round_spent(st):
        return
    for g in st.deploy_order((st.current + 1) % len(st.generals)):
        if st.own_in_play(g):
            st.then(frame(BEGIN_TURN, g))
            return
    st.then(Frame(GAME_OVER))  # pragma: no cover - no soldier in play means no active tokens


def round_spent(st: LittleSoldiersState) -> bool:
    """End of Turn: "no Order tokens left on the Generals" ends the round, or
    the game when the lids are empty too. True when that settled the turn."""
    if st.active_tokens() != 0:
        return False
    if all(g.lid == 0 for g in st.generals):
        st.then(Frame(GAME_OVER))
    else:
        st.log(f"No Order tokens left on the Generals: round {st.round} is over.")
        st.then(Frame(NEXT_ROUND))
    return True


def round_cut(st: LittleSoldiersState) -> None:
    """The ROUND_CUT frame: the round ends at once (a Wipeout); the mission says what follows."""
    st.clear_action()
    for p in st.rules.hooks["turn_ends"]:
        p.turn_ends(st)
    st.rules.mission.round_cut(st)


def next_round(st: LittleSoldiersState) -> None:
    """The NEXT_ROUND frame: the star's holder plays first."""
    if st.star is not None:
        st.first = st.star
    st.then(Frame(START_ROUND))


def game_over(st: LittleSoldiersState) -> None:
    """The GAME_OVER frame: the mission's result."""
    st.pending = ()
    st.phase = OVER
    st.outcome = st.rules.mission.result(st)
    st.log(st.outcome.reason)
