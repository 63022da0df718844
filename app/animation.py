"""Every action shown, the bots' as well as the player's, at a readable pace.

The scenes draw the state as it is now; :class:`Animator` watches the
controller and, when exactly one action was played, asks the scene's
``shows`` (:class:`app.games.protocols.ActionShows`) to show what it did on
top of that drawing, with the motions and floating labels kept here:

- Little Soldiers (app.games.little_soldiers.shows): a figurine walks its
  measured cord path, a deployed one drops in, an attack draws the engine's
  sight rays while the dice tumble, Hearts landing rise as a label;
- Toy Battle (app.games.toy_battle.shows): the placed tile slides from its
  owner's rack to the base;
- Little Battle: the scene flips the revealed cards and carries each taken
  chest to its Ship itself, at the pace set here (``set_pace``).

Durations scale with the screen's speed setting (instant: nothing is
animated); :meth:`Animator.finish` is the skip key. An undo, a load or a
new game is never animated (the match key jumps by other than one action).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from app import frames

if TYPE_CHECKING:
    from app.games.protocols import GameScene, Snapshot, TableControl

LABEL_S = 1.8
"""How long a floating label rises at normal speed (chosen)."""
MAX_FRAME_S = 0.1
"""The most seconds one frame moves an animation on (chosen): a slow frame (a software
renderer drawing a full table, a step of a review rebuilding it) took a whole grenade's
flight and its burst in one jump, and the winning throw was never seen."""


def frame_dt() -> float:
    """This frame's seconds for the animations: the frame's time, at most :data:`MAX_FRAME_S`."""
    from ursina import time

    return min(float(time.dt), MAX_FRAME_S)


@dataclass
class Motion:
    """One running animation: ``step(k)`` for k in [0, 1], ``done()`` at the end."""

    seconds: float
    step: Callable[[float], None]
    done: Callable[[], None] = lambda: None
    t: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)


def along(points: list[tuple[float, float, float]], k: float) -> tuple[float, float, float]:
    """The point a share ``k`` of the way along a polyline (by length)."""
    if len(points) == 1:
        return points[0]
    lengths = [math.dist(a, b) for a, b in pairwise(points)]
    total = sum(lengths) or 1.0
    goal = max(0.0, min(1.0, k)) * total
    for (a, b), d in zip(pairwise(points), lengths, strict=True):
        if goal <= d:
            u = goal / d if d else 1.0
            return (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u, a[2] + (b[2] - a[2]) * u)
        goal -= d
    return points[-1]


class Animator:
    """Animations for one game screen (see the module's docstring)."""

    def __init__(self, controller: TableControl, view: Callable[[], GameScene], speed: Callable[[], float],
                 sound: Callable[[str], None] | None = None) -> None:
        from ursina import Entity

        self.controller = controller
        self._sound = sound or (lambda name: None)
        """Plays a toy sound by name (app.sounds)."""
        self.view = view
        """The screen's current scene (it is rebuilt on Load)."""
        self.speed = speed
        """The factor on durations (0: instant)."""
        self.root = Entity(name="animations")
        self.motions: list[Motion] = []
        self.snapshot = self._take()
        controller.listeners.append(self.changed)

    # ------------------------------------------------------------ state
    def animating(self) -> bool:
        return bool(self.motions)

    def _take(self) -> Snapshot:
        c = self.controller
        snap: Snapshot = {"key": c.match_key()}
        shows = self.view().shows
        if shows is None:
            return snap
        try:
            picture = c.view_dict()
        except Exception:  # noqa: BLE001 - a view that cannot be read is drawn by nobody either
            return snap
        snap["shown"] = shows.take(picture)
        return snap

    def changed(self) -> None:
        """After the controller changed: animate the one action just played. The sight rays
        of the last attack go as soon as anything else happens (another action, the player
        picking a soldier): they lingered seconds into the player's turn, over their own cords."""
        before, after = self.snapshot, self._take()
        self.snapshot = after
        if self._rays_showing() and (after["key"] != before["key"] or self._players_turn()):
            self._drop_rays()
        one_action = (before["key"][0] == after["key"][0] and after["key"][1] == before["key"][1] + 1)
        shows = self.view().shows
        if not one_action or self.speed() <= 0 or shows is None or "shown" not in before or "shown" not in after:
            return
        shows.show(before["shown"], after["shown"], self)

    def _players_turn(self) -> bool:
        my_turn = getattr(self.controller, "my_turn", None)
        return bool(my_turn()) if my_turn is not None else False

    def _rays_showing(self) -> bool:
        return any(m.extra.get("rays") for m in self.motions)

    def _drop_rays(self) -> None:
        """Take the last attack's sight rays off the table now."""
        keep = []
        for m in self.motions:
            if m.extra.get("rays"):
                m.done()
            else:
                keep.append(m)
        self.motions = keep

    # ------------------------------------------------------------ what the shows use
    def add(self, motion: Motion) -> None:
        self.motions.append(motion)

    def sound(self, name: str) -> None:
        self._sound(name)

    def float_label(self, text: str, at: tuple[float, float, float], rgba: tuple[float, float, float, float],
                    seconds: float = LABEL_S) -> None:
        """A label that rises and fades: a Heart landing, a soldier leaving."""
        from ursina import Vec3, destroy

        from app.table import label

        t = label(self.view().table.root, text, at, 2.4, rgba, name="floating-label")
        base = Vec3(*frames.to_ursina(at))

        def step(k: float) -> None:
            t.position = base + Vec3(*frames.size_to_ursina((0, 0, 8.0 * k)))
            t.alpha = 1.0 - k * k

        self.motions.append(Motion(seconds, step, lambda: destroy(t)))

    # ------------------------------------------------------------ frames
    def update(self, dt: float) -> None:
        factor = self.speed()
        self.view().set_pace(factor)  # a scene that runs its own animations (Little Battle) runs them at this speed
        keep = []
        for m in self.motions:
            m.t += dt / factor if factor > 0 else m.seconds
            k = min(1.0, m.t / m.seconds) if m.seconds > 0 else 1.0
            try:
                m.step(k)
            except Exception:  # noqa: BLE001 - the entity it moved was rebuilt or destroyed: drop it
                k = 1.0
            if k < 1.0:
                keep.append(m)
            else:
                m.done()
        self.motions = keep

    def finish(self) -> None:
        """The skip key: every animation jumps to its end."""
        self.update(1e6)

    def destroy(self) -> None:
        from ursina import destroy

        self.finish()
        if self.changed in self.controller.listeners:
            self.controller.listeners.remove(self.changed)
        destroy(self.root)


__all__ = ["LABEL_S", "Animator", "Motion", "along"]
