"""The core's Moves: the yellow cord, what a Move touches, and what follows it.

Part of ``LittleSoldiersState``, kept apart so each class stays readable.
Parts join in through ``check_move``, ``before_move`` (a Reaction window),
``on_moved`` (every Move), ``after_move`` (the tokens and Objects a Move
touched; a part that opens a step resumes the rest with
``resume_after_move``) and ``may_stop_moves``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.little_soldiers.actions import Activate, Move
from engine.little_soldiers.combat import finite
from engine.little_soldiers.phases import After, Phase
from engine.little_soldiers.pieces import Soldier
from engine.little_soldiers.terrain import MoveReport

if TYPE_CHECKING:
    from engine.little_soldiers.parts.base import Part
    from engine.little_soldiers.state import LittleSoldiersState

    _Base = LittleSoldiersState
else:
    _Base = object


class Movement(_Base):
    """Moves of LittleSoldiersState (the core)."""

    # ================================================================ movement
    def _check_move(self, action: Any) -> str | None:
        if isinstance(action, Activate) and action.obj is None and self.after == After.LIGHTNING:
            return None  # stop making the Infantry's lightning Moves
        if isinstance(action, Activate) and action.obj is None and \
                any(p.may_stop_moves() for p in self.hooks["may_stop_moves"]):
            return None
        if not isinstance(action, Move):
            return "Make a yellow Move with one of your Little Soldiers (it may be zero)."
        s = self.soldiers.get(action.soldier)
        if s is None or s.general != self.current or not s.in_play:
            return f"{action.soldier} is not one of your Little Soldiers in play."
        if self.mover is not None and action.soldier != self.mover:
            return f"This Move is {self.mover}'s."
        if not finite(action.x, action.y):
            return "The position must be two numbers (cm)."
        if action.climb and not self.climbing:
            return "Climbing needs the Levels module."
        for p in self.hooks["check_move"]:
            reason = p.check_move(s, action, False)
            if reason:
                return reason
        report = self.move_report(action)
        if report.reason is None and action.climb and \
                self.terrain.level(report.end.surface) > self.terrain.level(s.spot.surface):
            for p in self.hooks["check_move"]:
                reason = p.check_move(s, action, True)
                if reason:
                    return reason
        return report.reason

    def move_report(self, action: Move) -> MoveReport:
        s = self.soldiers[action.soldier]
        others = self._spots(exclude=s.id)
        cord = self.chosen.yellow_length
        if action.climb:
            return self.terrain.climb(s.spot, (action.x, action.y), cord, others)
        return self.terrain.move(s.spot, (action.x, action.y), cord, others)

    def _on_move(self, action: Move | Activate) -> None:
        if isinstance(action, Activate):  # declined the rest of the lightning (or a card's) Moves
            self.moves_left = 0
            self.continue_after_move()
            return
        s = self.soldiers[action.soldier]
        if (action.x, action.y) != s.spot.xy or action.climb:
            for p in self.hooks["before_move"]:
                if p.before_move(action):
                    return
        self.do_move(action)

    def do_move(self, action: Move) -> None:
        report = self.move_report(action)
        s = self.soldiers[action.soldier]
        before = s.spot
        s.spot = report.end
        path = report.path if action.climb else self.terrain.path(before, (report.end.x, report.end.y))
        self.measured = {"move": s.id, "path": [list(p) for p in path], "length_cm": round(report.length, 2),
                         "cord_cm": self.chosen.yellow_length}
        if report.end == before:
            self.log(f"{s.id} does not move.")
        elif action.climb:
            where = report.end.surface or "the table"
            self.log(f"{s.id} climbs onto {where} at ({report.end.x:.1f}, {report.end.y:.1f}) "
                     f"(cord used {report.length:.1f} cm); the Move ends.")
        else:
            self.log(f"{s.id} moves {report.length:.1f} cm to ({report.end.x:.1f}, {report.end.y:.1f}).")
        self.moved(s)
        # Tokens on the table are touched by the part of the Move made on the table.
        if before.surface is None:
            touched = list(path[:2]) if action.climb else list(path)
        else:
            touched = [report.end.xy] if report.end.surface is None else []
        self.after_move(s, touched)

    def moved(self, s: Soldier) -> None:
        """Every Move, a bounce included (Super Soldier: a Shield goes)."""
        for p in self.hooks["on_moved"]:
            p.on_moved(s)

    def after_move(self, s: Soldier, path: list[tuple[float, float]], start: int = 0) -> None:
        """The tokens and Objects the Move touched, part by part from
        ``start`` (a part whose step interrupted resumes the rest)."""
        for i in range(start, len(self.parts)):
            p = self.parts[i]
            if "after_move" in p.overrides and p.after_move(s, path):
                return
        self.continue_after_move()

    def resume_after_move(self, part: Part, s: Soldier) -> None:
        """A part's step after a Move is done: the later parts' turn."""
        self.after_move(s, [], self.parts.index(part) + 1)

    def continue_after_move(self) -> None:
        if self.round_over_now:
            self.end_round_now()
            return
        if self.after == After.ORDER:
            self.mover = None
            if self.can_order(self.current):
                self.phase = Phase.ORDER
            else:
                self.end_turn()
        elif self.after == After.LIGHTNING:
            self.moves_left -= 1
            attacker = self.soldiers[self.mover]
            if self.moves_left > 0 and attacker.in_play:
                self.phase = Phase.MOVE
            else:
                self.action_done()
        else:
            self.action_done()

    def action_done(self) -> None:
        """An Action is over: a part's next Action (a Tactics card), or the End of Turn."""
        for p in self.hooks["action_done"]:
            if p.action_done():
                return
        self.end_turn()
