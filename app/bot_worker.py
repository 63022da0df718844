"""Bots think off the frame thread.

A Little Soldiers search decision takes seconds; on the frame thread it
froze the window. Two workers share one small interface (``start``,
``poll``, ``cancel``, ``busy``):

- :class:`ProcessBotWorker` (the window's): a separate Python process, so
  a pure-Python search does not take the interpreter lock from the frame
  thread (on a worker *thread* frames took 2-3 times longer). It is started
  as `python -m app.bot_worker` and talks JSON lines (records and encoded
  actions are JSON already; no pickle). The process
  keeps its own copy of the match, brought up to date from the record
  (only the new actions are applied), and hands the bot nothing but
  ``state.view(seat)``: the bot is fed a view, never the truth. The
  answer comes back as the game's encoded action.
- :class:`BotWorker`: a daemon thread fed a view of a clone of the state;
  used when no process can be started, and in tests.

The frame thread polls; an answer for a match that moved on (an undo, a
load, "Play again") carries a stale key and is dropped by the controller.
"""

from __future__ import annotations

import json
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

WORKER_NICE = 5
"""How much lower the worker process's CPU priority is than the window's (chosen:
on a busy machine the bot took half the window's CPU share, halving frames/s)."""


@dataclass
class BotJob:
    """One decision to make: for ``seat``, in the match at ``key``."""

    seat: int
    key: Hashable
    bot: Any
    """The controller's bot (a thread worker calls it)."""
    view: Callable[[], Any]
    """Builds the seat's view of a clone of the state (a thread worker's input)."""
    record: dict[str, Any]
    """The match's record (a process worker replays it to its own state)."""
    kind: str
    bot_seed: int
    time_limit: float | None


@dataclass
class Decision:
    seat: int
    action: Any
    key: Hashable
    seconds: float
    error: BaseException | None = None


class BotWorker:
    """At most one decision in flight, on a daemon thread."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._done: Decision | None = None
        self._lock = threading.Lock()
        self._generation = 0
        self.seat: int | None = None
        self.started = 0.0

    def busy(self) -> bool:
        return self._thread is not None

    def thinking_for(self) -> float:
        return time.perf_counter() - self.started if self.busy() else 0.0

    def start(self, job: BotJob) -> None:
        if self.busy():
            raise RuntimeError("a bot is already thinking")
        self.seat, self.started = job.seat, time.perf_counter()
        with self._lock:
            self._done = None
            self._generation += 1
            generation = self._generation
        view = job.view()

        def think() -> None:
            t0 = time.perf_counter()
            try:
                decision = Decision(job.seat, job.bot.choose(view), job.key, 0.0)
            except Exception as err:  # noqa: BLE001 - handed to the frame thread, which reports it
                decision = Decision(job.seat, None, job.key, 0.0, err)
            decision.seconds = time.perf_counter() - t0
            with self._lock:
                if generation == self._generation:  # not cancelled meanwhile
                    self._done = decision

        self._thread = threading.Thread(target=think, name=f"bot-seat-{job.seat}", daemon=True)
        self._thread.start()

    def poll(self) -> Decision | None:
        """The finished decision (once), or None while thinking or idle."""
        with self._lock:
            done, self._done = self._done, None
        if done is not None:
            self._thread, self.seat = None, None
        return done

    def cancel(self) -> None:
        """Forget the decision in flight (the thread ends on its own; its answer is dropped)."""
        with self._lock:
            self._generation += 1
            self._done = None
        self._thread, self.seat = None, None

    def close(self) -> None:
        self.cancel()


def _continued(base: dict[str, Any] | None, record: dict[str, Any]) -> list[Any] | None:
    """The actions ``record`` adds to ``base`` when it is the same game played on
    (a record that keeps chance outcomes: format 2 or later), else None."""
    if base is None or record.get("format", 1) == 1:
        return None
    if any(record.get(k) != base.get(k) for k in ("format", "game", "version", "config", "seed")):
        return None
    done = len(base["actions"])
    return list(record["actions"][done:]) if record["actions"][:done] == base["actions"] else None


def serve(read: Callable[[], str], write: Callable[[str], None]) -> None:
    """The worker process: each line in is a JSON job ``{"job", "record", "seat",
    "kind", "seed", "limit"}`` (or ``{"stop": true}``); each line out is
    ``{"job", "action", "seconds"}`` (the game's encoded action) or ``{"job", "error"}``."""
    from engine.bots import make_bot
    from engine.core.games import get_game
    from engine.core.record import parse_record, replay

    try:
        os.nice(WORKER_NICE)  # the frame comes first: the bot thinks with what the window leaves
    except (AttributeError, OSError):
        pass
    state: Any = None
    base: dict[str, Any] | None = None
    bots: dict[tuple[str, str, int], Any] = {}
    while True:
        line = read()
        if not line:
            return
        msg = json.loads(line)
        if msg.get("stop"):
            return
        job_id, record, seat = msg["job"], msg["record"], msg["seat"]
        kind, seed, limit = msg["kind"], msg["seed"], msg["limit"]
        t0 = time.perf_counter()
        try:
            new = _continued(base, record) if state is not None else None
            if new is not None:
                # the record is the state's history, chance outcomes included: apply what is new
                extra = parse_record({**record, "actions": new}, "worker")
                for s, a in extra.actions:
                    state.apply(s, a)
            else:
                state = replay(parse_record(record, "worker"), "worker")
                state.rng = None  # chance comes from the record from now on, never drawn here
            base = record
            bot = bots.get((record["game"], kind, seed))
            if bot is None:
                bot = bots[(record["game"], kind, seed)] = make_bot(kind, record["game"], seed)
            if limit is not None and getattr(bot, "time_limit", 0) is None:
                bot.time_limit = limit
            action = bot.choose(state.clone().view(seat))  # a view only, never the truth (of a copy)
            write(json.dumps({"job": job_id, "action": get_game(record["game"]).codec.encode(action),
                              "seconds": time.perf_counter() - t0}))
        except Exception as err:  # noqa: BLE001 - sent back as a sentence; the process lives on
            base = state = None
            write(json.dumps({"job": job_id, "error": f"{type(err).__name__}: {err}"}))


def main() -> None:
    """``python -m app.bot_worker``: serve jobs on stdin/stdout (one JSON object a line)."""
    def write(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    serve(sys.stdin.readline, write)


class ProcessBotWorker:
    """At most one decision in flight, in a separate Python process started
    with ``python -m app.bot_worker`` (not multiprocessing's spawn, which
    re-runs the launching script in the child), talking JSON lines."""

    def __init__(self) -> None:
        import subprocess
        from pathlib import Path

        root = str(Path(__file__).resolve().parents[1])
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p))
        self._process = subprocess.Popen([sys.executable, "-m", "app.bot_worker"], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, env=env, cwd=root, bufsize=1)
        self._replies: queue.Queue[dict[str, Any]] = queue.Queue()
        self._reader = threading.Thread(target=self._read, name="bot-worker-reader", daemon=True)
        self._reader.start()
        self._job: BotJob | None = None
        self._job_id = 0
        self.seat: int | None = None
        self.started = 0.0

    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:  # blocks without the interpreter lock
            try:
                self._replies.put(json.loads(line))
            except ValueError:
                continue

    def alive(self) -> bool:
        return self._process.poll() is None

    def busy(self) -> bool:
        return self._job is not None

    def thinking_for(self) -> float:
        return time.perf_counter() - self.started if self.busy() else 0.0

    def start(self, job: BotJob) -> None:
        if self.busy():
            raise RuntimeError("a bot is already thinking")
        self._job_id += 1
        self._job, self.seat, self.started = job, job.seat, time.perf_counter()
        assert self._process.stdin is not None
        self._process.stdin.write(json.dumps({"job": self._job_id, "record": job.record, "seat": job.seat,
                                              "kind": job.kind, "seed": job.bot_seed,
                                              "limit": job.time_limit}) + "\n")
        self._process.stdin.flush()

    def poll(self) -> Decision | None:
        from engine.core.games import get_game

        job = self._job
        while job is not None:
            try:
                reply = self._replies.get_nowait()
            except queue.Empty:
                break
            if reply.get("job") != self._job_id:
                continue  # the answer to a cancelled job
            self._job, self.seat = None, None
            if "error" in reply:
                return Decision(job.seat, None, job.key, 0.0, RuntimeError(f"the bot failed: {reply['error']}"))
            action = get_game(job.record["game"]).codec.decode(reply["action"])
            return Decision(job.seat, action, job.key, float(reply["seconds"]))
        if job is not None and not self.alive():
            self._job, self.seat = None, None
            return Decision(job.seat, None, job.key, 0.0, RuntimeError("the bot process ended"))
        return None

    def cancel(self) -> None:
        """Forget the job in flight (the process finishes it; its answer is skipped)."""
        self._job, self.seat = None, None

    def close(self) -> None:
        self.cancel()
        try:
            assert self._process.stdin is not None
            self._process.stdin.write(json.dumps({"stop": True}) + "\n")
            self._process.stdin.close()
        except (OSError, ValueError):
            pass
        try:
            self._process.wait(timeout=0.5)
        except Exception:  # noqa: BLE001 - still thinking: end it
            self._process.kill()


__all__ = ["BotJob", "BotWorker", "Decision", "ProcessBotWorker", "serve"]


if __name__ == "__main__":
    main()
