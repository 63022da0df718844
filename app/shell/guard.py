"""One guard around every frame and every input, so the window never dies.

Panda3D runs Ursina's frame update as a task and its input as event
handlers; an exception in either used to leave the task manager and end
the program, showing a black window first. :func:`install` puts both
behind :class:`Guard`: the exception is written to a crash file in the user
folder (the traceback and the game's record, so it can be replayed), the
player reads one sentence, and the screen is asked to recover (redraw from
the controller, whose match the engine never half-changes). The same
failure repeating every frame is written once.
"""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app import userdir
from engine.core.record import write_atomic

CRASH_FOLDER = "crashes"
"""Crash files go under the user folder, in this sub-folder."""

MAX_CRASH_FILES = 20
"""Older crash files are removed beyond this many (chosen)."""

SENTENCE = "Something went wrong (logged to {path}); the game goes on from the last good state."


class Guard:
    """Runs handlers; turns an exception into a crash file, a sentence and a recovery."""

    def __init__(self, record: Callable[[], Any] | None = None,
                 tell: Callable[[str], None] | None = None,
                 recover: Callable[[], None] | None = None) -> None:
        self.record = record
        """Returns the game's record (dict) or None; asked when something fails."""
        self.tell = tell
        """Shows one sentence to the player."""
        self.recover = recover
        """Redraws from the last good state."""
        self.seen: dict[str, Path | None] = {}
        self.failures = 0
        self.last_path: Path | None = None

    def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return fn(*args)
        except Exception as err:  # noqa: BLE001 - the guard's whole point: nothing ends the program
            self.failed(err)
            return None

    def wrap(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(*args: Any) -> Any:
            return self.call(fn, *args)

        guarded.__name__ = getattr(fn, "__name__", "guarded")
        return guarded

    def failed(self, err: BaseException) -> Path | None:
        """Log ``err`` (once per distinct place), tell the player, recover."""
        self.failures += 1
        text = "".join(traceback.format_exception(type(err), err, err.__traceback__))
        key = "".join(traceback.format_exception_only(type(err), err)) + "".join(
            traceback.format_tb(err.__traceback__)[-2:])
        first = key not in self.seen
        if first:
            self.seen[key] = self.write(text)
        path = self.seen[key]
        self.last_path = path
        if first:
            where = f"{CRASH_FOLDER}/{path.name} in the user folder" if path else "the terminal"
            self._quietly(self.tell, SENTENCE.format(path=where))
            self._quietly(self.recover)
        return path

    def write(self, text: str) -> Path | None:
        """The crash file: when, the traceback, the game's record. None if it cannot be written."""
        record = None
        try:
            record = self.record() if self.record else None
        except Exception as err:  # noqa: BLE001 - a broken state may not give its record
            record = f"(no record: {err})"
        folder = userdir.user_dir() / CRASH_FOLDER
        path = folder / time.strftime(f"crash-%Y%m%d-%H%M%S-{self.failures}.json")
        body = {"time": time.strftime("%Y-%m-%d %H:%M:%S"), "traceback": text, "record": record}
        try:
            write_atomic(path, json.dumps(body, indent=1, default=str) + "\n", what="crash file")
            self._prune(folder)
        except OSError:
            print(text)  # the folder is read-only or full: the terminal is all we have
            return None
        print(f"toybox: an error was logged to {path}")
        return path

    @staticmethod
    def _prune(folder: Path) -> None:
        files = sorted(folder.glob("crash-*.json"), key=lambda p: p.stat().st_mtime)
        for old in files[:-MAX_CRASH_FILES]:
            old.unlink(missing_ok=True)

    @staticmethod
    def _quietly(fn: Callable[..., Any] | None, *args: Any) -> None:
        if fn is None:
            return
        try:
            fn(*args)
        except Exception as err:  # noqa: BLE001 - recovery must not raise out of the guard
            print(f"toybox: recovery failed too: {err!r}")


PANDA_LOOPS = ("igLoop", "dataLoop", "ivalLoop", "collisionLoop", "eventManager", "audioLoop",
               "resetPrevTransform", "garbageCollectStates")
"""Panda3D's own per-frame tasks: the render loop (``igLoop``: cull and draw,
``renderFrame``), input data, intervals, collisions, the event queue, audio.
A scene a file built (a piece at 10^308 cm) can fail there, outside any
handler of ours: guarded too, so nothing a file holds ends the program."""


def guard_task(task: Any, guard: Guard) -> None:
    """Run the Panda3D task ``task`` behind ``guard``: an exception is logged
    and told once, and the task goes on next frame (a task that returned
    nothing would otherwise be dropped, and a dropped igLoop is a frozen window)."""
    fn = task.getFunction()
    if getattr(fn, "guarded", False):
        return

    def guarded(t: Any) -> Any:
        outcome = guard.call(fn, t)
        return t.cont if outcome is None else outcome

    guarded.guarded = True  # type: ignore[attr-defined]  # a marker: never wrapped twice
    task.setFunction(guarded)


def install(app: Any, guard: Guard) -> None:
    """Put Ursina's frame task, Panda3D's render loop and its other frame
    tasks, and every input event behind ``guard``.

    Ursina registered its own bound methods at start-up; they are registered
    again here, wrapped (``accept`` replaces a handler for the same event)."""
    from ursina.main import keyboard_keys

    for name in PANDA_LOOPS:
        for task in app.taskMgr.getTasksNamed(name):
            guard_task(task, guard)

    app.taskMgr.remove(app._update_task)  # Ursina's own frame task (a private name: Ursina offers no hook), re-added guarded
    frame = app._update  # the frame function that task runs

    def update(task: Any) -> Any:
        guard.call(frame, task)
        return task.cont

    app._update_task = app.taskMgr.add(update, "update")  # where Ursina looks for its task
    for key in keyboard_keys:
        app.accept(f"raw-{key}", guard.wrap(app.input), [key, True])
        app.accept(f"raw-{key}-up", guard.wrap(app.input_up), [key, True])
        app.accept(f"raw-{key}-repeat", guard.wrap(app.input_hold), [key, True])
    # (an offscreen window has no button thrower sending these; a test sends them itself)
    app.accept("buttonDown", guard.wrap(app.input))
    app.accept("buttonUp", guard.wrap(app.input_up))
    app.accept("buttonHold", guard.wrap(app.input_hold))
    app.accept("keystroke", guard.wrap(app.text_input))


__all__ = ["Guard", "PANDA_LOOPS", "SENTENCE", "guard_task", "install"]
