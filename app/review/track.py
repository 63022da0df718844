"""The steps of a record and the state after each (headless).

A step is one player's action with the chance outcomes it brought (the
dice after an Attack, the reveal after the last pick), so stepping forwards
shows an action and its consequences at once. Step 0 is the table once the
set-up's chance (shuffles, deals) is done.

States are replayed, never re-drawn: the state at a step is the one before
it with the record's next actions applied, through ``State.apply`` (each
validated again, as a replay is). Each state reached is kept, so stepping
back and forth costs one clone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.protocol import CHANCE, State
from engine.core.record import Record, RecordError, replay


def step_bounds(actions: list[tuple[int, Any]]) -> list[int]:
    """For each step, how many of the record's actions it ends after: the
    leading chance outcomes, then each player action with the chance outcomes
    that follow it."""
    bounds = []
    i = 0
    while i < len(actions) and actions[i][0] == CHANCE:
        i += 1
    bounds.append(i)
    while i < len(actions):
        i += 1  # the player's action
        while i < len(actions) and actions[i][0] == CHANCE:
            i += 1
        bounds.append(i)
    return bounds


@dataclass
class ReviewTrack:
    """A record cut into steps, with the state at any of them."""

    record: Record
    where: str = "record"
    bounds: list[int] = field(default_factory=list)
    _states: dict[int, State] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, record: Record, where: str = "record") -> ReviewTrack:
        """The track of ``record``; a record the engine refuses raises RecordError naming the step."""
        if record.format == 1:
            raise RecordError(f"{where}: a format-1 record keeps no chance outcomes, so it cannot be reviewed "
                              "step by step; load it and save it again to review it.")
        track = cls(record, where, step_bounds(record.actions))
        track._states[0] = track._replayed(track.bounds[0])
        track._states[track.last] = track._replayed(len(record.actions))  # the whole record checked once, as Load does
        return track

    @property
    def last(self) -> int:
        """The last step (the end of the record)."""
        return len(self.bounds) - 1

    def player_actions(self, step: int) -> list[tuple[int, Any]]:
        """The players' actions up to ``step`` (what a Match holds)."""
        return [(s, a) for s, a in self.record.actions[:self.bounds[step]] if s != CHANCE]

    def acting_seat(self, step: int) -> int | None:
        """The seat whose action ``step`` shows (None for step 0)."""
        if step <= 0:
            return None
        return self.record.actions[self.bounds[step - 1]][0]

    def turn_starts(self) -> list[int]:
        """The steps where another seat begins to act: the start of each turn
        (Page Up / Page Down jump between them)."""
        starts = [0]
        last = None
        for step in range(1, self.last + 1):
            seat = self.acting_seat(step)
            if seat != last:
                starts.append(step)
                last = seat
        return starts

    def state_at(self, step: int) -> State:
        """A fresh state at ``step`` (clamped to the record), replayed from the nearest one reached."""
        step = max(0, min(self.last, step))
        if step not in self._states:
            known = max(k for k in self._states if k <= step)  # the end is known too: never past it
            state = self._states[known].clone()
            for k in range(known + 1, step + 1):
                for seat, action in self.record.actions[self.bounds[k - 1]:self.bounds[k]]:
                    state.apply(seat, action)  # validated again: a bad record stops with the engine's sentence
                self._states[k] = state.clone()
            return state
        return self._states[step].clone()

    def _replayed(self, upto: int) -> State:
        cut = Record(self.record.game, self.record.version, self.record.config, self.record.seed,
                     list(self.record.actions[:upto]), self.record.format)
        state = replay(cut, self.where)
        state.rng = None  # stepping applies the record's own outcomes: nothing may be drawn
        return state


__all__ = ["ReviewTrack", "step_bounds"]
