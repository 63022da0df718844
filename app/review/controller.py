"""The game's own controller, showing a record's step instead of playing.

:func:`review_controller` builds a subclass of the game's controller with
:class:`Reviewing` in front: everything that reads (the view, the log, the
score, the tooltips, a selected soldier's line of sight) is the game's, and
everything that would play (a click on the table, a choice, undo, bots)
is refused with a sentence. Stepping puts the step's state into the match,
so the screen's animator shows a step forwards as it shows any action.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.games import GameController, controller_class
from app.review.track import ReviewTrack
from app.seats import Seats
from engine.core.match import Match
from engine.core.record import Record, load_record

REFUSED = "This is a review of a game: step through it with the bar below (or the arrow keys)."


class Reviewing:
    """Put in front of a game's controller class (see :func:`review_controller`)."""

    track: ReviewTrack
    step: int
    match: Match
    viewer: int
    message: str

    # ------------------------------------------------------------ nothing is played
    def my_turn(self) -> bool:
        return False

    def legal(self) -> list[Any]:
        return []

    def choices(self) -> list[tuple[str, Any]]:
        return []

    def bot_pending(self) -> bool:
        return False

    def next_bot(self) -> Any:
        return None

    def play(self, action: Any) -> bool:
        self.message = REFUSED
        self._changed()  # type: ignore[attr-defined]  # the game's controller has it (a mixin)
        return False

    def undo(self) -> bool:
        self.message = "A review steps back with the bar's Back button (or the left arrow key)."
        self._changed()  # type: ignore[attr-defined]  # the game's controller has it (a mixin)
        return False

    def _pick_viewer(self) -> None:
        """The seat shown stays the one chosen (no hand-over in a review)."""

    def _autosave(self) -> None:
        """A review writes nothing."""

    def _report_mission(self) -> None:
        """A mission reviewed is not played again into the Mission Report."""

    def shared_screen(self) -> bool:
        """Every seat's private lines name their seat (nobody is "you" in a review)."""
        return True

    @property
    def shows_end_panel(self) -> bool:
        """The result is the status line; a panel would cover the table being reviewed."""
        return False

    # ------------------------------------------------------------ reading
    def status(self) -> str:
        """Where the review is and what the step shows ("Review, action 12 of 80: Red places ...")."""
        where = f"Review, action {self.step} of {self.track.last}" if self.step else "Review, the set-up"
        seat = self.track.acting_seat(self.step)
        if seat is not None:
            where += f": {self.seat_title(seat)}"  # type: ignore[attr-defined]  # the game's controller has it (a mixin)
        did = self.step_line()
        if did:  # the acting seat alone ("...: Red.") left the player to find in the log what Red did
            where += f". {did.rstrip('.')}"
        if self.match.state.is_over() and self.step == self.track.last:
            return f"{where}. The end: {self.end_reason()}"  # type: ignore[attr-defined]  # the game's controller has it (a mixin)
        return where + "."

    def step_line(self) -> str:
        """The log's first line of the step shown: what the acting seat did ('' at the set-up)."""
        added = self.step_events()
        if not added:
            return ""
        lines = self.events()  # type: ignore[attr-defined]  # the game's controller has it (a mixin)
        return str(lines[-added]) if len(lines) >= added else ""

    def step_events(self) -> int:
        """How many log lines the step shown added (the log marks them)."""
        if self.step == 0:
            return 0
        before = self.track.state_at(self.step - 1).view(self.viewer).events
        return max(0, len(self.match.state.view(self.viewer).events) - len(before))

    # ------------------------------------------------------------ stepping
    def go(self, step: int) -> bool:
        """Show ``step`` (clamped); False when already there."""
        step = max(0, min(self.track.last, step))
        if step == self.step:
            return False
        forward_one = step == self.step + 1
        self.match.state = self.track.state_at(step)
        self.match.actions = self.track.player_actions(step)
        self.step = step
        if not forward_one:  # a jump: the last roll and throw shown are the new step's, animated afresh
            for name in ("dice", "flight", "_flight_done"):
                if hasattr(self, name):
                    setattr(self, name, None)
        self.message = ""
        for name in ("selected", "hover", "preview", "climb", "aim"):
            if hasattr(self, name):
                setattr(self, name, None)
        self._after_action()  # type: ignore[attr-defined]  # the game's own bookkeeping, then the redraw
        return True

    def forward(self) -> bool:
        return self.go(self.step + 1)

    def back(self) -> bool:
        return self.go(self.step - 1)

    def next_turn(self) -> bool:
        return self.go(next((s for s in self.track.turn_starts() if s > self.step), self.track.last))

    def previous_turn(self) -> bool:
        return self.go(max((s for s in self.track.turn_starts() if s < self.step), default=0))

    def show_seat(self, seat: int) -> None:
        """Whose view the review shows (their hand, their private lines)."""
        self.viewer = seat % self.match.state.num_seats
        self._changed()  # type: ignore[attr-defined]  # the game's controller has it (a mixin)


_CLASSES: dict[type, type] = {}


def review_controller(record: Record, where: str = "record", step: int | None = None,
                      viewer: int = 0) -> GameController:
    """The game's controller reviewing ``record``, at ``step`` (default: the end).
    A record the engine refuses raises RecordError naming the file and step."""
    base = controller_class(record.game)
    cls: Any = _CLASSES.setdefault(base, type(f"Review{base.__name__}", (Reviewing, base), {}))
    track = ReviewTrack.of(record, where)
    end = track.last if step is None else max(0, min(track.last, step))
    match = Match.from_record(Record(record.game, record.version, record.config, record.seed,
                                     list(record.actions[:track.bounds[0]]), record.format), where)  # the set-up only
    match.state = track.state_at(end)
    match.actions = track.player_actions(end)
    n = match.state.num_seats
    ctl = cls(match, Seats(("human",) * n), None)  # every seat a person: no bot plays, nobody is "you"
    ctl.track = track
    ctl.step = end
    ctl.viewer = viewer % n
    ctl.show_seat(ctl.viewer)  # the redraw, now that it knows where it is
    return ctl


def review_file(path: Path, viewer: int | None = None) -> GameController:
    """A saved game's review, from its start, shown as the seat its Load-list line
    names the first person (else the first seat)."""
    from app.userdir import read_meta

    record = load_record(path)
    if viewer is None:
        kinds = read_meta(Path(path)).get("seats")
        viewer = kinds.index("human") if isinstance(kinds, list) and "human" in kinds else 0
    return review_controller(record, str(path), step=0, viewer=viewer)


__all__ = ["REFUSED", "Reviewing", "review_controller", "review_file"]
