"""The table every game is played on: top, light, camera, and scene helpers.

Pieces are placed with engine coordinates (cm, z up) and go through
``app.frames``. Static things are merged by ``scene_mesh.MeshBuilder``;
things the mouse picks get an invisible box collider.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from app import frames
from app.scene_mesh import MeshBuilder

WOOD = (0.55, 0.38, 0.22, 1.0)
CLEARANCE = 0.02
"""Film units the home framing leaves between the table and a box it keeps clear (a panel's edge)."""
FELT = (0.20, 0.42, 0.30, 1.0)


def rgba(rgb: Sequence[float], a: float = 1.0) -> tuple[float, float, float, float]:
    return (float(rgb[0]), float(rgb[1]), float(rgb[2]), a if len(rgb) < 4 else float(rgb[3]))


EVENTS_FILM_X = 0.42
"""Where the Events panel begins on the film (x, -1..1): a view frames the table left of it."""


def free_film(rect: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """A view's room on the film (x0, x1, y0, y1) with the Events panel folded or not: folded,
    the table may use the window's right side too (the panel covered part of the table)."""
    from app import settings

    x0, x1, y0, y1 = rect
    return (x0, 0.96, y0, y1) if settings.load().events_folded and x1 >= EVENTS_FILM_X - 0.05 else rect


class Table:
    """The table top and the camera that orbits it (app.camera_controls:
    right-drag rotates, middle- or shift+right-drag pans, wheel zooms to the cursor)."""

    def __init__(self, width: float, depth: float, top: tuple[float, float, float, float] | None = FELT,
                 margin: float = 12.0, printed: str | None = None, hole: Sequence[float] | None = None,
                 center: Sequence[float] = (0.0, 0.0)) -> None:
        from ursina import Entity

        from app.camera_controls import make_camera

        self.width, self.depth, self.center = width, depth, (float(center[0]), float(center[1]))
        self.root = Entity(name="table")
        cx, cy = self.center
        top_entity = Entity(parent=self.root, name="table-top")
        table_node(width, depth, margin, (cx, cy), top, printed, hole).reparentTo(top_entity)
        from app.look.pipeline import frame_light

        frame_light((cx, cy), max(width, depth) + 2 * margin)  # the shader path's shadow map covers this table
        self.camera = make_camera(rotation_speed=120, pan_speed=(4, 4), zoom_speed=1.2)  # app.camera_controls
        self.keep_clear: list[tuple[float, float, float, float]] = []
        """Film boxes (x0, x1, y0, y1) the home framing keeps the table out
        of: a panel over a corner of the window (a served table's)."""
        self._home_pose: Any = None
        self.home()

    def home(self, pitch: float = 52.0, yaw: float = 0.0, distance: float | None = None,
             target: Sequence[float] | None = None) -> None:
        """Look at the table from the first player's side, ``pitch`` degrees down."""
        from ursina import Vec3, camera

        tx, ty = target[:2] if target is not None else self.center
        tz = target[2] if target is not None and len(target) > 2 else 0.0
        if distance is None:
            distance = 1.25 * max(self.width, self.depth * 1.6)
        self.camera.position = Vec3(*frames.to_ursina((tx, ty, tz)))
        self.camera.rotation = Vec3(pitch, frames.heading_to_ursina(yaw), 0)
        camera.position = Vec3(0, 0, -frames.length_to_ursina(distance))
        camera.rotation = Vec3(0, 0, 0)
        self.camera.target_z = camera.z  # EditorCamera eases its zoom towards target_z
        # a narrow depth range: the software renderer's depth buffer is coarse
        camera.clip_plane_near = max(0.5, camera_distance_units(distance) * 0.05)
        camera.clip_plane_far = camera_distance_units(distance) * 4

    def film(self, point: Sequence[float]) -> tuple[float, float] | None:
        """Where an engine point lands on the film (-1..1 each way, y up), or
        None when it is behind the camera; outside the window gives |x| or |y| > 1."""
        import math

        from panda3d.core import Point3
        from ursina import camera, scene

        p = camera.getRelativePoint(scene, Point3(*frames.to_ursina(point)))
        if p[2] <= 1e-6:  # Ursina's camera: x right, y up, z forward
            return None
        fov = camera.lens.getFov()
        return (p[0] / p[2] / math.tan(math.radians(fov[0] / 2)), p[1] / p[2] / math.tan(math.radians(fov[1] / 2)))

    def frame(self, points: Sequence[Sequence[float]], rect: tuple[float, float, float, float] = (-1, 1, -1, 1),
              pitch: float = 52.0, yaw: float = 0.0) -> None:
        """Home the camera so that every engine point is drawn inside ``rect``
        (film x0, x1, y0, y1; -1..1, y up): the room the HUD leaves. Fixed
        framings by hand put the Battle Track off the left edge and the far
        HQ cards under the hint box. The table is kept out of each box of
        :attr:`keep_clear` as well: framed beside it or above it, whichever
        draws the table larger."""
        best = self._fit(points, rect, pitch, yaw)
        for clear in self.keep_clear:
            self.home(pitch=pitch, yaw=yaw, distance=best[0], target=best[1])
            if not self._covers(points, clear):
                continue
            found = [self._clear_fit(points, rect, clear, pitch, yaw, dx, dy) for dx, dy in ((1, 0), (0, 1), (1, 1))]
            fits = [f for f in found if f is not None]
            if fits:
                best, rect = min(fits, key=lambda fit: fit[0][0])  # the nearer camera draws the table larger
        self.home(pitch=pitch, yaw=yaw, distance=best[0], target=best[1])
        self._home_pose = self.pose()

    def _clear_fit(self, points: Sequence[Sequence[float]], rect: tuple[float, float, float, float],
                   clear: tuple[float, float, float, float], pitch: float, yaw: float, dx: int,
                   dy: int) -> tuple[tuple[float, tuple[float, float, float]], tuple[float, float, float, float]] | None:
        """The largest framing that keeps ``points`` out of ``clear``, with
        ``rect``'s edges on the box's side moved toward the far ones (``dx``,
        ``dy``: which edges move): beside the box, above it, or both a part of
        the way (the table then passes the box's corner). None: none clears it."""
        rx0, rx1, ry0, ry1 = rect
        x0, x1, y0, y1 = clear
        left, low = x0 <= rx0 + 0.05, y0 <= ry0 + 0.05  # the box lies on the rect's left / bottom edge
        clear = (x0 - CLEARANCE, x1 + CLEARANCE, y0 - CLEARANCE, y1 + CLEARANCE)  # never just touching it

        def moved(t: float) -> tuple[float, float, float, float]:
            out = [rx0, rx1, ry0, ry1]
            if dx:
                if left:
                    out[0] = rx0 + t * (x1 + 0.02 - rx0)
                else:
                    out[1] = rx1 - t * (rx1 - x0 + 0.02)
            if dy:
                if low:
                    out[2] = ry0 + t * (y1 + 0.02 - ry0)
                else:
                    out[3] = ry1 - t * (ry1 - y0 + 0.02)
            return (out[0], out[1], out[2], out[3])

        far = moved(1.0)
        if far[1] - far[0] < 0.2 or far[3] - far[2] < 0.2:
            return None
        found = self._fit(points, far, pitch, yaw)
        if self._covers(points, clear):
            return None
        best, lo, hi = (found, far), 0.0, 1.0
        for _ in range(6):  # the least move that still clears it (the nearest camera)
            mid = (lo + hi) / 2
            fit = self._fit(points, moved(mid), pitch, yaw)
            if self._covers(points, clear):
                lo = mid
            else:
                hi, best = mid, (fit, moved(mid))
        return best

    def pose(self) -> tuple[float, ...]:
        """The camera's place now (pivot, turn, zoom), to tell whether it is still at home."""
        from ursina import camera

        return (*self.camera.position, *self.camera.rotation, camera.z)

    def at_home(self) -> bool:
        """Whether the camera is where the last framing put it (the player has not moved it)."""
        return self._home_pose is not None and all(abs(a - b) < 1e-3 for a, b in zip(self.pose(), self._home_pose,
                                                                                     strict=True))

    def _covers(self, points: Sequence[Sequence[float]], box: tuple[float, float, float, float]) -> bool:
        """Whether the film outline of ``points`` (as the camera is now) overlaps ``box``."""
        from shapely.geometry import MultiPoint
        from shapely.geometry import box as film_box

        film = [self.film(p) for p in points]
        seen = [f for f in film if f is not None]
        x0, x1, y0, y1 = box
        return len(seen) >= 3 and MultiPoint(seen).convex_hull.intersects(film_box(x0, y0, x1, y1))

    def _fit(self, points: Sequence[Sequence[float]], rect: tuple[float, float, float, float], pitch: float,
             yaw: float) -> tuple[float, tuple[float, float, float]]:
        """The camera distance and target that draw ``points`` filling ``rect`` (the camera is left there)."""
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        target = [sum(xs) / len(xs), sum(ys) / len(ys)]
        distance = 1.6 * max(max(xs) - min(xs), max(ys) - min(ys)) + 30
        x0, x1, y0, y1 = rect
        for _ in range(14):
            self.home(pitch=pitch, yaw=yaw, distance=distance, target=(target[0], target[1], 0.0))
            film = [self.film(p) for p in points]
            seen = [f for f in film if f is not None]
            if len(seen) < len(film):
                distance *= 1.5
                continue
            fx = [f[0] for f in seen]
            fy = [f[1] for f in seen]
            scale = max((max(fx) - min(fx)) / (x1 - x0), (max(fy) - min(fy)) / (y1 - y0))
            # move the target so the points' box centre lands on the rect's centre
            ex, ey = (x0 + x1) / 2 - (max(fx) + min(fx)) / 2, (y0 + y1) / 2 - (max(fy) + min(fy)) / 2
            t = (target[0], target[1], 0.0)
            c0, cx, cy = self.film(t), self.film((t[0] + 1, t[1], 0)), self.film((t[0], t[1] + 1, 0))
            if c0 is None or cx is None or cy is None:
                distance *= 1.5
                continue
            a, b = cx[0] - c0[0], cy[0] - c0[0]
            c, d = cx[1] - c0[1], cy[1] - c0[1]
            det = a * d - b * c
            if abs(det) > 1e-12:  # the target moves against the film shift we want
                target[0] -= (d * ex - b * ey) / det
                target[1] -= (-c * ex + a * ey) / det
            distance *= scale
            if abs(scale - 1) < 0.01 and abs(ex) < 0.01 and abs(ey) < 0.01:
                break
        self.home(pitch=pitch, yaw=yaw, distance=distance, target=(target[0], target[1], 0.0))
        return distance, (target[0], target[1], 0.0)

    def destroy(self) -> None:
        from ursina import destroy

        destroy(self.root)
        destroy(self.camera)


def table_node(width: float, depth: float, margin: float, center: Sequence[float], top: Sequence[float] | None,
               printed: str | None = None, hole: Sequence[float] | None = None) -> Any:
    """A warm wooden table (oak planks, lit) with a cloth of colour ``top``
    over the play area; a whole room of table round it so the edge stays out
    of the default views."""
    from app.look import light
    from app.look.geom import Batch
    from app.look.pipeline import FELT, PAPER, WOOD

    cx, cy = center
    light.set_pool(cx, cy, 0.75 * max(width, depth))
    b = Batch(contact=False, surface=WOOD)
    big = (width + 2 * margin) * 1.5, (depth + 2 * margin) * 1.4
    """Wood as far as the default views look; further off, the window's colour
    (a far wood plane, seen edge on, cost the software renderer 2.5 ms a frame)."""
    corners = [(cx - big[0] / 2, cy - big[1] / 2, -0.2), (cx + big[0] / 2, cy - big[1] / 2, -0.2),
               (cx + big[0] / 2, cy + big[1] / 2, -0.2), (cx - big[0] / 2, cy + big[1] / 2, -0.2)]
    w2, d2 = width / 2, depth / 2
    if hole is None and top is not None:
        hole = (cx - w2, cy - d2, cx + w2, cy + d2)
    X0, Y0, X1, Y1 = corners[0][0], corners[0][1], corners[2][0], corners[2][1]
    if hole is None:
        strips = [(X0, Y0, X1, Y1)]
    else:  # the wood round the covered middle, as four strips: nothing drawn twice
        h0, k0, h1, k1 = hole
        strips = [(X0, Y0, X1, k0), (X0, k1, X1, Y1), (X0, k0, h0, k1), (h1, k0, X1, k1)]
    for x0, y0, x1, y1 in strips:
        quad = [(x0, y0, -0.2), (x1, y0, -0.2), (x1, y1, -0.2), (x0, y1, -0.2)]
        b.add_grid(quad, (1.0, 1.0, 1.0), "wood", uv=[(x / 70.0, y / 70.0) for x, y, _ in quad], cells=4)
    if top is None:  # a bare wooden table (Little Soldiers lays its own play mat)
        return b.node("table-top")
    cloth = [(cx - w2, cy - d2, -0.05), (cx + w2, cy - d2, -0.05), (cx + w2, cy + d2, -0.05), (cx - w2, cy + d2, -0.05)]
    if printed == "sea":  # the sea in vertex colours: deep and shallow water, no texture to pay for
        b.add_grid(cloth, top[:3], cells=8, mottle=0.22, mottle_cm=9.0, seed=5, surface=PAPER)
        rng = __import__("numpy").random.default_rng(8)
        for _ in range(60):  # wave crests
            x, y = rng.uniform(cx - w2 + 2, cx + w2 - 6), rng.uniform(cy - d2 + 2, cy + d2 - 2)
            b.add_quad([(x, y, -0.03), (x + 3.2, y + 0.2, -0.03), (x + 3.2, y + 0.55, -0.03), (x, y + 0.35, -0.03)],
                       (0.78, 0.92, 0.96), surface=PAPER)
    elif printed:
        b.add_grid(cloth, (1.0, 1.0, 1.0), printed, uv=[(x / 60.0, y / 60.0) for x, y, _ in cloth], cells=10,
                   surface=FELT)
    else:  # felt in one flat colour: a large smooth or textured surface costs the software renderer most
        b.add_quad(cloth, top[:3], surface=FELT)
    return b.node("table-top")


def camera_distance_units(distance_cm: float) -> float:
    return frames.length_to_ursina(distance_cm)


def static_entity(parent: Any, mb: MeshBuilder, name: str = "static") -> Any:
    """One entity drawing everything in ``mb`` (nothing if it is empty)."""
    from ursina import Entity

    if not len(mb):
        return None
    return Entity(parent=parent, model=mb.build(), double_sided=True, name=name)


def picker(parent: Any, center: Sequence[float], size: Sequence[float], on_click: Callable[[], object],
           name: str = "picker", heading: float = 0.0, on_hover: Callable[[bool], object] | None = None) -> Any:
    """An invisible box the mouse can click: ``center`` is its bottom centre
    (engine cm), ``size`` its (x, y, z) extent in cm."""
    from ursina import Entity, Vec3

    c = (center[0], center[1], (center[2] if len(center) > 2 else 0.0) + size[2] / 2)
    e = Entity(
        parent=parent,
        model="cube",
        position=Vec3(*frames.to_ursina(c)),
        scale=Vec3(*frames.size_to_ursina(size)),
        rotation_y=frames.heading_to_ursina(heading),
        collider="box",
        visible_self=False,
        name=name,
    )
    e.on_click = on_click
    if on_hover is not None:
        e.on_mouse_enter = lambda: on_hover(True)
        e.on_mouse_exit = lambda: on_hover(False)
    return e


def label(parent: Any, text: str, at: Sequence[float], height: float = 2.0, color: Sequence[float] = (1, 1, 1, 1),
          billboard: bool = True, name: str = "label") -> Any:
    """A text label floating at an engine point, ``height`` cm tall per line."""
    from ursina import Text, Vec3, Vec4

    t = Text(
        text=text,
        parent=parent,
        position=Vec3(*frames.to_ursina(at)),
        origin=(0, 0),
        scale=frames.length_to_ursina(height) * 40,
        color=Vec4(*rgba(color)),
        billboard=billboard,
        name=name,
    )
    from app.look.pipeline import unlit

    return unlit(t)
