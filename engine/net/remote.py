"""A served table as the app's match: what a window at a remote seat plays.

The app's controllers read a game through a small surface (``MatchLike`` in
``engine.core.match``): ``info``, ``config``, ``state``, ``actions``,
``play``, ``can_undo``/``undo``, ``record``. A local ``Match`` holds the
truth; a ``RemoteMatch`` holds only what the server sent this seat: its
``state`` is the stand-in rebuilt from the seat's latest picture shown
(``engine.net.stand_in``), so previews and legal-move highlights are
computed here from public facts and the seat's own, and ``play`` checks an
action against it (the engine's sentence at once for a plain mistake), then
sends it: the server's answer decides.

Updates are kept in arrival order and shown one at a time (``advance``), so
the window can animate each action before the next, as in local play. The
network runs on its own thread (``ClientThread``); the frame thread calls
``poll`` and never waits.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from engine.core.protocol import CHANCE, SPECTATOR, IllegalAction, State
from engine.core.record import Record
from engine.net.client import ClientThread


@dataclass
class Shown:
    """One update as the window shows it."""

    picture: dict[str, Any]
    actions: list[tuple[int, Any]]
    """The players' actions so far as this seat may read them (another's hidden one is None)."""
    can_undo: bool
    held: bool
    before_chance: dict[str, Any] | None
    mine: bool
    chosen: list[int]
    """Seats whose simultaneous choice is in, held for the seats before them (public: not what they chose)."""
    """Whether this update shows this seat's own action (it is not paced)."""


class RemoteMatch:
    """The seat's side of a served table (see the module's docstring)."""

    remote = True
    """Controllers read it to leave out what only a local game does (saving a
    record, loading one, the bots)."""

    def __init__(self, net: ClientThread) -> None:
        client = net.client
        assert client.info is not None, "join the table first (ClientThread.wait_joined)"
        self.net = net
        self.info = client.info
        self.config = client.config
        self.config_data = dict(client.config_data)
        self.seed = 0
        self.seat = client.seat
        self.seats: list[dict[str, Any]] = list(client.seats)
        self.chat: list[dict[str, Any]] = list(client.welcome_chat)  # the rest arrives through ``poll``
        self.paused = client.paused
        self.ended = client.over
        """The table sent ``over`` (the game ended, or the host ended it), or had ended when this seat came."""
        self.result: dict[str, Any] | None = client.result
        self.line = "connected"
        """How the connection is: connected, reconnecting, lost."""
        self.line_reason = ""
        self.queue: deque[Shown] = deque()
        self.notes: list[dict[str, Any]] = []
        """Messages for the window besides updates (refusals, chat, undo requests, seats, the host's pause)."""
        self.history: list[tuple[int, Any]] = []
        self.shown: Shown | None = None
        self._state: State | None = None
        self.waiting: int | None = None
        """The ref of this seat's action sent and not answered yet."""
        self._sent_at = 0
        self._ref = 0
        self.poll()
        self.advance()

    # ------------------------------------------------------------ the match surface
    @property
    def state(self) -> State:
        """The stand-in of the picture shown now (never the truth: ask only this seat's view of it)."""
        if self._state is None:
            assert self.shown is not None and self.net.client.stand_ins is not None
            self._state = self.net.client.stand_ins.build(self.shown.picture)
        return self._state

    @property
    def actions(self) -> list[tuple[int, Any]]:
        return self.shown.actions if self.shown is not None else []

    def play(self, seat: int, action: Any) -> None:
        """Check ``action`` against the stand-in, then send it; raises
        IllegalAction with the engine's sentence (or why it cannot be sent now)."""
        if self.spectating:
            raise IllegalAction("You are watching this table: a spectator cannot act.")
        if seat != self.seat:
            raise IllegalAction("You play your own seat only.")
        if self.line != "connected":
            raise IllegalAction("The connection to the table is down; the game waits until it is back.")
        if self.paused:
            raise IllegalAction("The host has paused the table.")
        if self.waiting is not None or self.queue:
            raise IllegalAction("Wait: the table has not answered your last move yet.")
        if self.shown is not None and self.shown.held:
            raise IllegalAction("Your choice is in; wait for the others.")
        reason = self.state.check(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        self._ref += 1
        self.waiting = self._ref
        self._sent_at = len(self.history)
        self.net.send({"type": "action", "action": self.info.codec.encode(action), "ref": self._ref})

    @property
    def over(self) -> bool:
        """The table is over for the window once the updates before the end are shown."""
        return self.ended and not self.queue

    @property
    def chosen(self) -> list[int]:
        return self.shown.chosen if self.shown is not None else []

    @property
    def waiting_reason(self) -> str | None:
        """Why this seat cannot act now though the game may be its turn (the
        window's turn line says it), or None."""
        if self.line != "connected":
            return "The connection to the table is down; reconnecting..." if self.line == "reconnecting" else \
                f"The connection to the table is lost ({self.line_reason or 'no answer'})."
        if self.spectating:
            return "The host has paused the game." if self.paused else None
        if self.paused:
            return "The host has paused the game."
        if self.busy:
            return "Your move is in; waiting for the table."
        if self.queue:
            return "The table's last moves are being shown."
        return None

    @property
    def busy(self) -> bool:
        """This seat's move is sent and not shown yet (or held for the seats before it)."""
        return self.waiting is not None or bool(self.shown and self.shown.held)

    def can_undo(self) -> bool:
        return (bool(self.shown and self.shown.can_undo) and self.waiting is None and not self.queue
                and not self.spectating)

    def undo(self) -> bool:
        """Ask the table to take back this seat's last move; the answer comes later."""
        self.net.send({"type": "undo"})
        return False

    def record(self) -> Record:
        """What this seat knows of the game, as a record's fields (for a crash
        report and the Load list's line; it is not a replayable record: the
        truth, chance included, is the server's)."""
        return Record(self.info.name, self.info.version, self.config_data, self.seed,
                      [(s, a) for s, a in self.actions if a is not None])

    # ------------------------------------------------------------ talking to the table
    def say(self, text: str) -> None:
        self.net.send({"type": "chat", "text": text})

    def answer_undo(self, accept: bool) -> None:
        self.net.send({"type": "undo_answer", "accept": accept})

    # ------------------------------------------------------------ the frame thread's pump
    def poll(self) -> bool:
        """Take what arrived; True when anything did."""
        got = self.net.poll()
        for msg in got:
            kind = msg.get("type")
            if kind == "update":
                self._update(msg)
                continue
            if kind == "refused" and msg.get("ref") == self.waiting:
                self.waiting = None
            elif kind == "over":
                self.ended = True
                self.result = msg.get("result")
            elif kind == "seats":
                self.seats = list(msg.get("seats") or [])
            elif kind == "chat":
                self.chat.append(msg)
                del self.chat[:-50]
            elif kind == "paused":
                self.paused = bool(msg.get("paused"))
            elif kind == "line":
                self.line = str(msg.get("status"))
                self.line_reason = str(msg.get("reason") or "")
                if self.line == "connected":
                    self.waiting = None  # an action in flight when the line dropped: ask again from the new picture
            self.notes.append(msg)
        return bool(got)

    def _update(self, msg: dict[str, Any]) -> None:
        start = int(msg["from"])
        del self.history[start:]
        codec = self.info.codec
        for e in msg["events"]:
            raw = e.get("action")
            self.history.append((int(e["seat"]), None if raw is None else codec.decode(raw)))
        players = [(s, a) for s, a in self.history if s != CHANCE]
        mine = any(s == self.seat for s, _ in self.history[self._sent_at:]) if self.waiting is not None else False
        if self.waiting is not None and (mine or msg.get("held") or start < self._sent_at):
            self.waiting = None
        self.queue.append(Shown(msg["view"], players, bool(msg.get("can_undo")), bool(msg.get("held")),
                                msg.get("before_chance"), mine, [int(s) for s in msg.get("chosen") or []]))
        if msg["view"].get("result") is not None:
            self.result = msg["view"]["result"]

    def advance(self) -> bool:
        """Show the next update waiting (False when none is)."""
        if not self.queue:
            return False
        self.shown = self.queue.popleft()
        self._state = None
        return True

    def picture_after_last_action(self) -> dict[str, Any] | None:
        """This seat's picture just after the last player action, before the
        chance steps it set off (the server sends it when chance followed);
        the shown picture otherwise."""
        if self.shown is None:
            return None
        return self.shown.before_chance or self.shown.picture

    def take_notes(self) -> list[dict[str, Any]]:
        notes, self.notes = self.notes, []
        return notes

    def name_of(self, seat: int) -> str:
        """What the table calls the player at ``seat`` (their name, with the seat's colour)."""
        for s in self.seats:
            if s.get("seat") == seat:
                return str(s.get("name") or "")
        return ""

    def close(self) -> None:
        self.net.close()

    @property
    def spectating(self) -> bool:
        return self.seat == SPECTATOR


__all__ = ["RemoteMatch", "Shown"]
