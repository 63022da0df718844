"""Every action shown, the bots' as well as the player's, at a readable pace.

The views draw the state as it is now; :class:`Animator` watches the
controller and, when exactly one action was played, shows what it did on
top of that drawing:

- Little Soldiers: a figurine walks its measured cord path (the view's
  figurine is carried along it), a deployed one drops in, an attack draws
  the engine's sight rays while the dice tumble, Hearts landing rise as a
  label over the target, a broken soldier leaves the table with a sentence;
- Toy Battle: the placed tile slides from its owner's rack to the base;
- Little Battle: the view flips the revealed cards and carries each taken
  chest from the beach to its Ship (app.games.little_battle.view, app.games.little_battle.loot_show),
  at the pace set here.

Durations scale with the screen's speed setting (instant: nothing is
animated); :meth:`Animator.finish` is the skip key. An undo, a load or a
new game is never animated (the match key jumps by other than one action).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from app import frames

WALK_CM_PER_S = 30.0
"""A figurine's walking speed at normal speed (chosen: a 20 cm Move takes 2/3 s)."""
WALK_MIN_S, WALK_MAX_S = 0.35, 2.4
"""Bounds on one walk's duration at normal speed (chosen)."""
DROP_S = 0.4
RAYS_S = 1.6
LABEL_S = 1.8
SLIDE_S = 0.7


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

    def __init__(self, controller: Any, view: Callable[[], Any], speed: Callable[[], float],
                 sound: Callable[[str], None] | None = None) -> None:
        from ursina import Entity

        self.controller = controller
        self.sound = sound or (lambda name: None)
        """Plays a toy sound by name (app.sounds): dice at an Attack, a tile sliding, a card laid."""
        self.view = view
        """The screen's current view (it is rebuilt on Load)."""
        self.speed = speed
        """The factor on durations (0: instant)."""
        self.root = Entity(name="animations")
        self.motions: list[Motion] = []
        self.snapshot = self._take()
        controller.listeners.append(self.changed)

    # ------------------------------------------------------------ state
    def animating(self) -> bool:
        return bool(self.motions)

    def _take(self) -> dict[str, Any]:
        c = self.controller
        snap: dict[str, Any] = {"key": c.match_key()}
        try:
            v = c.view_dict()
        except Exception:  # noqa: BLE001 - a view that cannot be read is drawn by nobody either
            return snap
        if c.game == "little-soldiers":
            snap["soldiers"] = {s["id"]: (s["spot"], s["hearts"]) for s in v.get("soldiers", [])}
            roll = v.get("last_roll")
            snap["roll"] = roll["serial"] if roll else None
        elif c.game == "toy-battle":
            snap["board"] = {n: list(stack) for n, stack in v.get("board", {}).items()}
        return snap

    def changed(self) -> None:
        """After the controller changed: animate the one action just played. The sight rays
        of the last attack go as soon as anything else happens (another action, the player
        picking a soldier): they lingered seconds into the player's turn, over their own cords."""
        before, after = self.snapshot, self._take()
        self.snapshot = after
        if self._rays_showing() and (after["key"] != before["key"] or self.controller.my_turn()):
            self._drop_rays()
        one_action = (before["key"][0] == after["key"][0] and after["key"][1] == before["key"][1] + 1)
        if not one_action or self.speed() <= 0:
            return
        if self.controller.game == "little-soldiers" and "soldiers" in before and "soldiers" in after:
            self._soldiers(before, after)
        elif self.controller.game == "toy-battle" and "board" in before and "board" in after:
            self._tiles(before["board"], after["board"])
        elif self.controller.game == "little-battle":
            self.sound("card")  # a card kept on a Ship or laid at a pile (the reveal's flips sound in the view)

    # ------------------------------------------------------------ frames
    def update(self, dt: float) -> None:
        factor = self.speed()
        view = self.view()
        if hasattr(view, "pace"):  # a view that runs its own animations (Little Battle) runs them at this speed
            view.pace = factor
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

    # ------------------------------------------------------------ Little Soldiers
    def _figurine(self, ident: str) -> Any:
        """The view's figurine holder for a soldier (named by its id), or None."""
        dynamic = getattr(self.view(), "dynamic", None)
        if dynamic is None:
            return None
        return next((e for e in dynamic.children if e.name == ident), None)

    def _z(self, spot: dict[str, Any]) -> float:
        bf = getattr(self.view(), "battlefield", None)
        try:
            return float(bf.surface_z(spot.get("surface"))) if bf is not None else 0.0
        except (AttributeError, KeyError, ValueError):
            return 0.0

    def _soldiers(self, before: dict[str, Any], after: dict[str, Any]) -> None:
        c = self.controller
        for ident, (spot, hearts) in after["soldiers"].items():
            old_spot, old_hearts = before["soldiers"].get(ident, (None, hearts))
            if spot is not None and old_spot is not None and (spot["x"], spot["y"]) != (old_spot["x"], old_spot["y"]):
                self._walk(ident, old_spot, spot, c.move_path())
            elif spot is not None and old_spot is None:
                self._drop(ident, spot)
            elif spot is None and old_spot is not None:
                self._leaves(ident, old_spot)
            if spot is not None and hearts > old_hearts:
                self._float(f"+{hearts - old_hearts} Heart{'s' if hearts - old_hearts > 1 else ''}",
                            (spot["x"], spot["y"], self._z(spot) + 9.0), (1.0, 0.45, 0.5, 1))
        if after.get("roll") != before.get("roll") and after.get("roll") is not None:
            self.sound("dice")
            self._rays()

    def _walk(self, ident: str, start: dict[str, Any], end: dict[str, Any], path: list[tuple[float, float]]) -> None:
        z0, z1 = self._z(start), self._z(end)
        pts2 = list(path)
        if len(pts2) < 2 or math.dist(pts2[0], (start["x"], start["y"])) > 1.0 or \
                math.dist(pts2[-1], (end["x"], end["y"])) > 1.0:
            pts2 = [(start["x"], start["y"]), (end["x"], end["y"])]  # a teleport, a push, a jump: straight
        n = len(pts2) - 1
        pts = [(x, y, z0 + (z1 - z0) * (i / n if n else 1)) for i, (x, y) in enumerate(pts2)]
        length = sum(math.dist(a, b) for a, b in pairwise(pts))
        seconds = max(WALK_MIN_S, min(WALK_MAX_S, length / WALK_CM_PER_S))

        def step(k: float) -> None:
            from ursina import Vec3

            fig = self._figurine(ident)
            if fig is not None:
                fig.position = Vec3(*frames.to_ursina(along(pts, 1 - (1 - k) ** 2)))

        step(0.0)
        self.motions.append(Motion(seconds, step))

    def _drop(self, ident: str, spot: dict[str, Any]) -> None:
        z = self._z(spot)

        def step(k: float) -> None:
            from ursina import Vec3

            fig = self._figurine(ident)
            if fig is not None:
                fig.position = Vec3(*frames.to_ursina((spot["x"], spot["y"], z + 15.0 * (1 - k) ** 2)))

        step(0.0)
        self.motions.append(Motion(DROP_S, step))

    def _leaves(self, ident: str, spot: dict[str, Any]) -> None:
        name = self.controller.name(ident) if hasattr(self.controller, "name") else ident
        self._float(f"{name} is broken and leaves the table", (spot["x"], spot["y"], self._z(spot) + 6.0),
                    (1.0, 0.75, 0.4, 1), seconds=LABEL_S * 1.4)

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

    def _rays(self) -> None:
        """The attack's sight rays, drawn while the dice tumble."""
        from app.games.little_soldiers.drawing import draw_rays
        from engine.little_soldiers import queries

        c = self.controller
        m = c.view_dict().get("measured") or {}
        a, t = m.get("attack"), m.get("target")
        if not a or not t or c.spot(a) is None or c.spot(t) is None:
            return
        try:
            sight = queries.sight_rays(c.view(), a, t)
        except (KeyError, ValueError, AttributeError):
            return
        parent = getattr(getattr(self.view(), "table", None), "root", self.root)
        drawn = draw_rays(parent, [(r.start, r.end, r.blocked) for r in sight.rays], name="attack-rays")
        if drawn is None:
            return

        def done() -> None:
            from ursina import destroy

            destroy(drawn)

        self.motions.append(Motion(RAYS_S, lambda k: None, done, extra={"rays": True}))

    def _float(self, text: str, at: tuple[float, float, float], rgba: tuple[float, float, float, float],
               seconds: float = LABEL_S) -> None:
        """A label that rises and fades: a Heart landing, a soldier leaving."""
        from ursina import Vec3, destroy

        from app.table import label

        parent = getattr(getattr(self.view(), "table", None), "root", self.root)
        t = label(parent, text, at, 2.4, rgba, name="floating-label")
        base = Vec3(*frames.to_ursina(at))

        def step(k: float) -> None:
            t.position = base + Vec3(*frames.size_to_ursina((0, 0, 8.0 * k)))
            t.alpha = 1.0 - k * k

        self.motions.append(Motion(seconds, step, lambda: destroy(t)))

    # ------------------------------------------------------------ Toy Battle
    def _tiles(self, before: dict[str, list[str]], after: dict[str, list[str]]) -> None:
        view = self.view()
        for node, stack in after.items():
            if len(stack) <= len(before.get(node, [])) or not hasattr(view, "at"):
                continue
            colour = stack[-1].split()[0]
            self._slide(view, node, colour, len(stack))

    def _slide(self, view: Any, node: str, colour: str, height: int) -> None:
        from ursina import Entity, Vec3, destroy

        from app.scene_mesh import MeshBuilder
        from app.seats import SEAT_RGB
        from app.table import rgba

        x1, y1 = view.at(node)
        from app.seats import seat_name

        front, back = view.rack_rows() if hasattr(view, "rack_rows") else (y1 - 40, y1 + 40)
        mine = seat_name(self.controller.game, self.controller.viewer) == colour  # your rack is in front
        y0 = front if mine else back
        x0 = getattr(view, "center", (x1, y1))[0]
        if hasattr(view, "to_table"):  # the racks are turned with the board to the seat shown
            x0, y0 = view.to_table(x0, y0)
        mb = MeshBuilder()
        mb.add_cylinder((0, 0, 0), 3.0, 0.9, rgba(SEAT_RGB.get(colour, (0.8, 0.8, 0.8))), sides=20)
        tile = Entity(parent=view.table.root, model=mb.build(), double_sided=True, name="sliding-tile")
        z1 = 1.0 + (height - 1) * 1.0

        def step(k: float) -> None:
            e = 1 - (1 - k) ** 3
            hop = 6.0 * 4 * e * (1 - e)
            tile.position = Vec3(*frames.to_ursina((x0 + (x1 - x0) * e, y0 + (y1 - y0) * e, z1 + hop + 0.5)))

        step(0.0)
        self.sound("slide")
        self.motions.append(Motion(SLIDE_S, step, lambda: destroy(tile)))


__all__ = ["Animator", "Motion", "along", "WALK_CM_PER_S"]
