"""A camera that follows the play: each action of another seat is framed, then the view returns.

When a bot (or a step of a review) plays, :class:`CameraFollow` eases the
table's camera to frame what the action touched (the acting soldier and its
target, a walk's start and end, a throw's thrower and landing, the base a
tile went on), holds while the action is shown, then eases back to where
the player had the camera. A camera the player moves meanwhile is theirs:
the follow lets go and does not return. It can be turned off (C); F frames
the selected soldier on demand. What to frame is :func:`action_points`'s
answer from the controller's view: the engine's measured facts, no rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

EASE_S = 0.55
"""Seconds the camera takes to reach a framing, or to return, at normal speed (chosen)."""
HOLD_S = 0.7
"""Seconds the framing stays after the action has been shown, at normal speed (chosen)."""
MIN_SPAN_CM = 44.0
"""The smallest stretch of table a framing shows (chosen): a soldier alone filled the window."""
FOCUS_SPAN_CM = 36.0
"""The stretch of table the focus key shows round the selected soldier (chosen)."""


@dataclass
class Pose:
    """Where the camera is: its pivot's place and turn, and how far back it sits."""

    position: tuple[float, float, float]
    rotation: tuple[float, float, float]
    distance: float
    near: float
    far: float

    @classmethod
    def now(cls, table: Any) -> Pose:
        from ursina import camera

        rig = table.camera
        return cls(tuple(rig.position), tuple(rig.rotation), float(camera.z), float(camera.clip_plane_near),
                   float(camera.clip_plane_far))

    def put(self, table: Any) -> None:
        from ursina import Vec3, camera

        rig = table.camera
        rig.position = Vec3(*self.position)
        rig.rotation = Vec3(*self.rotation)
        camera.z = self.distance
        rig.target_z = self.distance  # EditorCamera eases its zoom towards target_z
        camera.clip_plane_near = self.near
        camera.clip_plane_far = self.far

    def between(self, other: Pose, k: float) -> Pose:
        def mix(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
            return tuple(x + (y - x) * k for x, y in zip(a, b, strict=True))

        rot = tuple(x + (((y - x + 180.0) % 360.0) - 180.0) * k for x, y in zip(self.rotation, other.rotation, strict=True))
        return Pose(mix(self.position, other.position), rot, self.distance + (other.distance - self.distance) * k,  # type: ignore[arg-type]  # mix keeps its 3-tuples' length; mypy sees tuple[float, ...]
                    min(self.near, other.near), max(self.far, other.far))

    def close_to(self, other: Pose) -> bool:
        return (math.dist(self.position, other.position) < 1e-3 and math.dist(self.rotation, other.rotation) < 1e-2
                and abs(self.distance - other.distance) < 1e-3)


def padded(points: list[tuple[float, float, float]], span: float) -> list[tuple[float, float, float]]:
    """``points`` with corners added round their middle so they span at least ``span`` cm."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    half = span / 2
    return points + [(cx + sx * half, cy + sy * half, 0.0) for sx in (-1, 1) for sy in (-1, 1)]


def action_points(controller: Any, view: Any, before: dict[str, Any] | None = None
                  ) -> list[tuple[float, float, float]]:
    """What the last action touched, in engine cm, for the camera to frame (empty: nothing to
    frame). ``before`` is the shown seat's view before it: what moved is found by comparing."""
    game = controller.game
    if game == "little-soldiers":
        return _soldiers_points(controller, view, before or {})
    if game == "toy-battle":
        return _board_points(controller, view, before or {})
    return []  # Little Battle: the whole beach and every Ship are in view already


def _soldiers_points(c: Any, view: Any, before: dict[str, Any]) -> list[tuple[float, float, float]]:
    v = c.view_dict()
    m = v.get("measured") or {}
    by_id = {s["id"]: s for s in v.get("soldiers", [])}
    was = {s["id"]: s for s in before.get("soldiers", [])}
    out: list[tuple[float, float, float]] = []

    def at(soldier: Any) -> None:
        p = view.head_point(soldier) if soldier is not None and hasattr(view, "head_point") else None
        if p is not None:
            out.append(p)

    for ident, s in by_id.items():  # a soldier deployed, moved or broken: where it was and is
        old = was.get(ident)
        if old is not None and old.get("spot") != s.get("spot"):
            at(old)
            at(s)
    if m.get("attack") and v.get("last_roll") != before.get("last_roll"):
        at(by_id.get(m["attack"]))
        at(by_id.get(m.get("target")))
    throw = v.get("last_throw")
    flight = getattr(c, "flight", None)
    if throw is not None and flight is not None and flight.flight_id == throw["serial"]:
        (x0, y0, z0), (x1, y1, z1) = flight.points[0], throw["landing"]
        out += [(float(x0), float(y0), float(z0)), (float(x1), float(y1), float(z1))]
    return out


def _board_points(c: Any, view: Any, before: dict[str, Any]) -> list[tuple[float, float, float]]:
    """The bases whose stacks changed (a placement, an effect's push or return)."""
    board, old = c.view_dict().get("board", {}), before.get("board", {})
    out = []
    for node in set(board) | set(old):
        if board.get(node) != old.get(node) and hasattr(view, "at"):
            try:
                x, y = view.at(node)
            except (KeyError, IndexError, TypeError):
                continue
            out.append((x, y, 0.0))
    return out


class CameraFollow:
    """Frames an action, holds it while ``busy()``, then returns (see the module)."""

    def __init__(self, view: Callable[[], Any], busy: Callable[[], bool], pace: Callable[[], float]) -> None:
        self.view = view
        """The screen's view (rebuilt on a Load): its table and the room its HUD leaves (FREE_FILM)."""
        self.busy = busy
        self.pace = pace
        """The factor on durations (the speed setting; 0: instant, no easing)."""
        self.home: Pose | None = None
        """Where the player had the camera before the follow took it."""
        self._from: Pose | None = None
        self._to: Pose | None = None
        self._t = 0.0
        self._hold = 0.0
        self._placed: Pose | None = None
        """Where the follow last put the camera: any other pose is the player's doing."""
        self._returning: Pose | None = None
        """Home, while the camera eases back to it (an action framed meanwhile keeps it as home)."""

    def table(self) -> Any:
        return getattr(self.view(), "table", None)

    @property
    def active(self) -> bool:
        return self.home is not None

    def frame(self, points: list[tuple[float, float, float]], span: float = MIN_SPAN_CM, hold: bool = True) -> bool:
        """Ease to a framing of ``points`` (engine cm) from the current view direction."""
        table = self.table()
        if not points or table is None:
            return False
        if self._taken_back(table):
            return False
        now = Pose.now(table)
        target = self._framing(table, padded(points, span))
        if self.home is None:
            self.home = self._returning or now
        self._returning = None
        self._from, self._to, self._t = now, target, 0.0
        self._hold = HOLD_S if hold else float("inf")
        return True

    def focus(self, points: list[tuple[float, float, float]]) -> bool:
        """Frame ``points`` and stay there (the focus key): the camera is the player's again at once."""
        self._reset()
        if not self.frame(points, FOCUS_SPAN_CM):
            return False
        self.home = None
        return True

    def release(self) -> None:
        """Ease back home now (a new turn for the player, the follow turned off, a jump)."""
        table = self.table()
        if self.home is None or table is None:
            return
        if self._taken_back(table):
            return
        self._from, self._to, self._t, self._hold = Pose.now(table), self.home, 0.0, 0.0
        self._returning, self.home = self.home, None

    def forget(self) -> None:
        """Stay where the camera is (the view was rebuilt, or the player pressed H)."""
        self._reset()

    def _reset(self) -> None:
        self.home = self._from = self._to = self._placed = self._returning = None
        self._t = self._hold = 0.0

    def _taken_back(self, table: Any) -> bool:
        """The player moved the camera since the follow placed it: it is theirs now."""
        if self._placed is not None and not Pose.now(table).close_to(self._placed):
            self._reset()
            return True
        return False

    def _framing(self, table: Any, points: list[tuple[float, float, float]]) -> Pose:
        """The pose that frames ``points`` from the current pitch and heading (the table's
        framing asked, then the camera put back)."""
        from app import frames

        now = Pose.now(table)
        pitch = now.rotation[0]
        yaw = frames.heading_to_engine(now.rotation[1])
        from app.table import free_film

        free = free_film(getattr(self.view(), "FREE_FILM", (-0.9, 0.4, -0.8, 0.5)))
        table.frame(points, free, pitch=pitch, yaw=yaw)
        target = Pose.now(table)
        now.put(table)
        return target

    def update(self, dt: float) -> None:
        table = self.table()
        if table is None or self._to is None or self._taken_back(table):
            return
        factor = self.pace()
        if self._t < 1.0:
            self._t = 1.0 if factor <= 0 else min(1.0, self._t + dt / (EASE_S * factor))
            k = 1 - (1 - self._t) ** 3
            pose = self._from.between(self._to, k) if self._from is not None else self._to
            pose.put(table)
            self._placed = Pose.now(table)
            if self._t < 1.0:
                return
        if self.home is None:  # home reached
            self._from = self._to = self._placed = self._returning = None
            return
        if self.busy():
            return
        self._hold -= dt / factor if factor > 0 else self._hold
        if self._hold <= 0:
            self.release()


__all__ = ["CameraFollow", "Pose", "action_points", "padded"]
