"""Bots think off the frame thread.

A Little Soldiers search decision takes seconds; on the frame thread it
froze the window. :class:`BotWorker` runs one decision at a time on a
daemon thread. The bot is fed a view taken from a *clone* of the state, so
the thread never touches the live match (in Little Battle a human may
commit while a bot is still choosing) and, as everywhere, never the truth.
The frame thread polls; a result that arrives after the match moved on
(an undo, a load, "Play again") is dropped, because its key no longer
matches.

While a worker thinks, Python's switch interval is shortened so the frame
thread gets the interpreter back quickly (the search is pure Python; the
default 5 ms turns give the frame thread a share only every few ms).
"""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass
from typing import Any, Hashable

THINKING_SWITCH_INTERVAL = 0.0005
"""Seconds per interpreter turn while a bot thinks (Python's default is 0.005; chosen)."""


@dataclass
class Decision:
    seat: int
    action: Any
    key: Hashable
    seconds: float
    error: BaseException | None = None


class BotWorker:
    """At most one bot decision in flight."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._done: Decision | None = None
        self._lock = threading.Lock()
        self.seat: int | None = None
        self.key: Hashable = None
        self.started = 0.0
        self._interval = sys.getswitchinterval()
        self._generation = 0

    def busy(self) -> bool:
        return self._thread is not None

    def thinking_for(self) -> float:
        return time.perf_counter() - self.started if self.busy() else 0.0

    def start(self, bot: Any, view: Any, seat: int, key: Hashable) -> None:
        """Ask ``bot`` to choose for ``seat`` from ``view`` (already detached from the live state)."""
        if self.busy():
            raise RuntimeError("a bot is already thinking")
        self.seat, self.key, self.started = seat, key, time.perf_counter()
        self._done = None
        self._generation += 1
        generation = self._generation
        sys.setswitchinterval(THINKING_SWITCH_INTERVAL)

        def think() -> None:
            t0 = time.perf_counter()
            try:
                decision = Decision(seat, bot.choose(view), key, 0.0)
            except Exception as err:  # noqa: BLE001 - handed to the frame thread, which reports it
                decision = Decision(seat, None, key, 0.0, err)
            decision.seconds = time.perf_counter() - t0
            with self._lock:
                if generation == self._generation:  # not cancelled meanwhile
                    self._done = decision

        self._thread = threading.Thread(target=think, name=f"bot-seat-{seat}", daemon=True)
        self._thread.start()

    def poll(self) -> Decision | None:
        """The finished decision (once), or None while thinking or idle."""
        with self._lock:
            done, self._done = self._done, None
        if done is None:
            return None
        self._finish()
        return done

    def cancel(self) -> None:
        """Forget the decision in flight (the thread ends on its own; its answer is dropped)."""
        with self._lock:
            self._generation += 1
            self._done = None
        self._finish()

    def _finish(self) -> None:
        self._thread = None
        self.seat = None
        sys.setswitchinterval(self._interval)


__all__ = ["BotWorker", "Decision", "THINKING_SWITCH_INTERVAL"]
