"""The core's Moves: the yellow cord, what a Move touches, and what follows it.

Functions of a state, kept apart so each module stays readable. Parts join
in through ``check_move``, ``before_move`` (a Reaction window may hold the
Move), ``on_moved`` (every Move), ``after_move`` (the tokens and Objects a
Move touched; each part's hook is a frame, so the next one waits for the
step it opened) and ``may_stop_moves``. What follows the Move is the
continuation: the turn's Order, the end of the Action, another granted Move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.little_soldiers.actions import Activate, Move
from engine.little_soldiers.combat import TABLE_REACH_CM, finite, on_table
from engine.little_soldiers.flow import DO_MOVE, END_TURN, MOVE_STEP, MOVES, frame
from engine.little_soldiers.phases import ORDER, After
from engine.little_soldiers.pieces import Soldier
from engine.little_soldiers.registry import REGISTRY

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState
    from engine.little_soldiers.terrain import MoveReport



def is_stop(action: Any) -> bool:
    """``Activate(None)`` in a MOVE step: stop making the Moves granted."""
    return isinstance(action, Activate) and action.obj is None


def check_move(st: LittleSoldiersState, action: Any) -> str | None:
    if is_stop(action):
        if st.after == After.LIGHTNING or any(p.may_stop_moves(st) for p in st.rules.hooks["may_stop_moves"]):
            return None
    if not isinstance(action, Move):
        return "Make a yellow Move with one of your Little Soldiers (it may be zero)."
    s = st.soldiers.get(action.soldier)
    if s is None or s.general != st.current or s.spot is None:
        return f"{action.soldier} is not one of your Little Soldiers in play."
    if st.mover is not None and action.soldier != st.mover:
        return f"This Move is {st.mover}'s."
    if not finite(action.x, action.y):
        return "The position must be two numbers (cm)."
    if not on_table(action.x, action.y):
        return f"The position lies off any table (each coordinate within {TABLE_REACH_CM:g} cm)."
    if action.climb and not st.rules.climbing:
        return no_climbing()
    hooks = st.rules.hooks["check_move"]
    for p in hooks:
        reason = p.check_move(st, s, action, False)
        if reason:
            return reason
    report = move_report(st, action)
    if report.reason is None and action.climb and report.end is not None and \
            st.terrain.level(report.end.surface) > st.terrain.level(s.spot.surface):
        for p in hooks:
            reason = p.check_move(st, s, action, True)
            if reason:
                return reason
    return report.reason


def no_climbing() -> str:
    """Why a climb is refused in a game no part of which lets soldiers climb."""
    allow = " or ".join(m.title for m in REGISTRY.modules.values() if m.climbing)
    return f"Climbing needs the {allow} module." if allow else "Little Soldiers do not climb in this game."


def move_report(st: LittleSoldiersState, action: Move) -> MoveReport:
    s = st.soldiers[action.soldier]
    assert s.spot is not None
    others = st.spots(exclude=s.id)
    cord = st.chosen.yellow_length
    if action.climb:
        return st.terrain.climb(s.spot, (action.x, action.y), cord, others)
    return st.terrain.move(s.spot, (action.x, action.y), cord, others)


def on_move(st: LittleSoldiersState, action: Move | Activate) -> None:
    """The MOVE step: a Move (held first by any part that holds Moves), or
    stopping the granted Moves."""
    if isinstance(action, Activate):  # declined the rest of the granted (or a card's) Moves
        st.drop(MOVES)
        return
    s = st.soldiers[action.soldier]
    assert s.spot is not None
    args = (action.soldier, action.x, action.y, action.climb)
    if (action.x, action.y) != s.spot.xy or action.climb:
        st.then(*st.hook_frames("before_move", *args), frame(DO_MOVE, *args))
    else:
        do_move(st, Move(*args))


def do_move(st: LittleSoldiersState, action: Move) -> None:
    """The DO_MOVE frame: the soldier moves, then the parts see what it touched."""
    report = move_report(st, action)
    s = st.soldiers[action.soldier]
    before = s.spot
    assert before is not None and report.end is not None
    s.spot = report.end
    path = report.path if action.climb else st.terrain.path(before, (report.end.x, report.end.y))
    st.measured = {"move": s.id, "path": [list(p) for p in path], "length_cm": round(report.length, 2),
                   "cord_cm": st.chosen.yellow_length}
    if report.end == before:
        st.log(f"{s.id} does not move.")
    elif action.climb:
        where = report.end.surface or "the table"
        st.log(f"{s.id} climbs onto {where} at ({report.end.x:.1f}, {report.end.y:.1f}) "
               f"(cord used {report.length:.1f} cm); the Move ends.")
    else:
        st.log(f"{s.id} moves {report.length:.1f} cm to ({report.end.x:.1f}, {report.end.y:.1f}).")
    moved(st, s)
    # Tokens on the table are touched by the part of the Move made on the table.
    touched: list[tuple[float, float]]
    if before.surface is None:
        touched = list(path[:2]) if action.climb else list(path)
    else:
        touched = [report.end.xy] if report.end.surface is None else []
    st.then(*st.hook_frames("after_move", s.id, tuple((float(x), float(y)) for x, y in touched)))


def moved(st: LittleSoldiersState, s: Soldier) -> None:
    """Every Move, a bounce included (Super Soldier: a Shield goes)."""
    for p in st.rules.hooks["on_moved"]:
        p.on_moved(st, s)


def turn_move(st: LittleSoldiersState) -> None:
    """The TURN_MOVE frame: after the turn's Move, the Order, or the End of
    Turn when the General cannot give one."""
    st.mover = None
    if st.can_order(st.current):
        st.open(ORDER)
    else:
        st.then(frame(END_TURN, True))


def granted_moves(st: LittleSoldiersState, soldier: str, left: int) -> None:
    """The MOVES frame, after one of a soldier's granted Moves: another while
    some are left and the soldier stands, else what follows them."""
    left -= 1
    if left > 0 and st.soldiers[soldier].in_play:
        st.then(frame(MOVE_STEP, After.LIGHTNING.value, soldier), frame(MOVES, soldier, left))


def grant_moves(st: LittleSoldiersState, soldier: str, count: int) -> None:
    """``soldier`` makes up to ``count`` Moves now, each of which may be its last
    (Super Soldier's lightning: the Infantry's Special Ability)."""
    st.then(frame(MOVE_STEP, After.LIGHTNING.value, soldier), frame(MOVES, soldier, count))
