"""Little Soldiers' actions shown on the table, one at a time (see
:mod:`app.animation`): a figurine walks its measured cord path (the scene's
figurine is carried along it), a deployed one drops in, an attack draws the
engine's sight rays while the dice tumble, Hearts landing rise as a label
over the target, a broken soldier leaves the table with a sentence."""

from __future__ import annotations

import math
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from app import frames
from app.animation import LABEL_S, Motion, along

if TYPE_CHECKING:
    from app.games.little_soldiers.controller import LittleSoldiersController
    from app.games.little_soldiers.view import LittleSoldiersView
    from app.games.protocols import Motions, Snapshot

WALK_CM_PER_S = 30.0
"""A figurine's walking speed at normal speed (chosen: a 20 cm Move takes 2/3 s)."""
WALK_MIN_S, WALK_MAX_S = 0.35, 2.4
"""Bounds on one walk's duration at normal speed (chosen)."""
DROP_S = 0.4
RAYS_S = 1.6


class SoldierShows:
    """The Little Soldiers scene's :class:`app.games.protocols.ActionShows`."""

    def __init__(self, scene: LittleSoldiersView) -> None:
        self.scene = scene

    @property
    def controller(self) -> LittleSoldiersController:
        return self.scene.controller

    def take(self, picture: dict[str, Any]) -> Snapshot:
        roll = picture.get("last_roll")
        return {"soldiers": {s["id"]: (s["spot"], s["hearts"]) for s in picture.get("soldiers", [])},
                "roll": roll["serial"] if roll else None}

    def show(self, before: Snapshot, after: Snapshot, motions: Motions) -> None:
        c = self.controller
        for ident, (spot, hearts) in after["soldiers"].items():
            old_spot, old_hearts = before["soldiers"].get(ident, (None, hearts))
            if spot is not None and old_spot is not None and (spot["x"], spot["y"]) != (old_spot["x"], old_spot["y"]):
                self._walk(motions, ident, old_spot, spot, c.move_path())
            elif spot is not None and old_spot is None:
                self._drop(motions, ident, spot)
            elif spot is None and old_spot is not None:
                motions.float_label(f"{c.name(ident)} is broken and leaves the table",
                                    (old_spot["x"], old_spot["y"], self._z(old_spot) + 6.0), (1.0, 0.75, 0.4, 1),
                                    seconds=LABEL_S * 1.4)
            if spot is not None and hearts > old_hearts:
                motions.float_label(f"+{hearts - old_hearts} Heart{'s' if hearts - old_hearts > 1 else ''}",
                                    (spot["x"], spot["y"], self._z(spot) + 9.0), (1.0, 0.45, 0.5, 1))
        if after.get("roll") != before.get("roll") and after.get("roll") is not None:
            motions.sound("dice")
            self._rays(motions)

    # ------------------------------------------------------------ pieces
    def _figurine(self, ident: str) -> Any:
        """The scene's figurine holder for a soldier (named by its id), or None."""
        return next((e for e in self.scene.dynamic.children if e.name == ident), None)

    def _z(self, spot: dict[str, Any]) -> float:
        try:
            return float(self.scene.battlefield.surface_z(spot.get("surface")))
        except (AttributeError, KeyError, ValueError):
            return 0.0

    def _walk(self, motions: Motions, ident: str, start: dict[str, Any], end: dict[str, Any],
              path: list[tuple[float, float]]) -> None:
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
        motions.add(Motion(seconds, step))

    def _drop(self, motions: Motions, ident: str, spot: dict[str, Any]) -> None:
        z = self._z(spot)

        def step(k: float) -> None:
            from ursina import Vec3

            fig = self._figurine(ident)
            if fig is not None:
                fig.position = Vec3(*frames.to_ursina((spot["x"], spot["y"], z + 15.0 * (1 - k) ** 2)))

        step(0.0)
        motions.add(Motion(DROP_S, step))

    def _rays(self, motions: Motions) -> None:
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
        drawn = draw_rays(self.scene.table.root, [(r.start, r.end, r.blocked) for r in sight.rays], name="attack-rays")
        if drawn is None:
            return

        def done() -> None:
            from ursina import destroy

            destroy(drawn)

        motions.add(Motion(RAYS_S, lambda k: None, done, extra={"rays": True}))  # gone when the player acts


__all__ = ["DROP_S", "RAYS_S", "WALK_CM_PER_S", "SoldierShows"]
