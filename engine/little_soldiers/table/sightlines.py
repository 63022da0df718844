"""Line of sight between figurines as the debugger asks it: "a Sniper
standing here, on Level 1, looks at an Infantry standing there".

The rules engine already knows where its soldiers stand; the line-of-sight
debugger (``toybox los``) and the level editor only have table points. This
module turns a point (and an optional Level) into a standing figurine and
asks :meth:`Battlefield.line_of_sight` from head to head, so the verdict the
debugger shows is the engine's, ray for ray.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from shapely.geometry import Point

from engine.geometry.battlefield import Battlefield
from engine.geometry.sight import DEFAULT_RAYS, Sight
from engine.little_soldiers.table.figures import figure_size, head_center


@dataclass(frozen=True)
class Stand:
    """A figurine's base: its centre, the surface it stands on (a Level
    piece id, None for the table), that surface's height and Level."""

    x: float
    y: float
    surface: str | None
    z: float
    level: int


def stand(bf: Battlefield, x: float, y: float, level: int | None = None) -> Stand:
    """Where a figurine put at (x, y) stands.

    Without ``level`` it stands on the surface under the point: the highest
    Level top there, else the table. With ``level`` it stands on the top of
    Level ``level`` scenery under the point (0: the table); a point with no
    such top is refused with a sentence.
    """
    x, y = float(x), float(y)
    if level is None:
        surface = bf.surface_at(x, y)
    elif level == 0:
        surface = None
    else:
        point = Point(x, y)
        best: tuple[float, str] | None = None
        for piece, solid in zip(bf.scenery, bf.solids, strict=True):
            if piece.level == level and bf.walkable_top(piece.id).covers(point):
                if best is None or solid.top > best[0]:
                    best = (solid.top, piece.id)
        if best is None:
            raise ValueError(f"there is no Level {level} scenery top at ({x:g}, {y:g})")
        surface = best[1]
    lvl = 0 if surface is None else int(bf.piece(surface).level or 0)
    return Stand(x, y, surface, bf.surface_z(surface), lvl)


def head(spot: Stand, figure: str) -> tuple[float, float, float]:
    return head_center(figure, (spot.x, spot.y), spot.z)


def figurine_sight(bf: Battlefield, attacker: Stand, target: Stand, attacker_type: str = "infantry",
                   target_type: str = "infantry", rays: int | None = None) -> Sight:
    """Is the ``target_type`` standing at ``target`` a valid target for the
    ``attacker_type`` standing at ``attacker``? Every ray comes back."""
    size = figure_size(target_type)
    return bf.line_of_sight(head(attacker, attacker_type), head(target, target_type), size.head_radius, rays)


def sight_json(sight: Sight) -> dict[str, Any]:
    """The debugger's JSON answer: exactly ``valid``, ``visible_fraction``,
    ``blocked_by`` (sorted scenery ids) and ``rays`` (start, end, blocked,
    blocker per ray, in cm)."""
    return {
        "valid": bool(sight.valid),
        "visible_fraction": round(float(sight.visible_fraction), 6),
        "blocked_by": sorted(sight.blockers),
        "rays": [
            {
                "start": [round(v, 4) for v in r.start],
                "end": [round(v, 4) for v in r.end],
                "blocked": r.blocked,
                "blocker": r.blocker,
            }
            for r in sight.rays
        ],
    }


def describe(sight: Sight) -> str:
    """One line for people: the verdict, the visible fraction and the blockers."""
    n = len(sight.blocked)
    verdict = "VALID TARGET" if sight.valid else "NOT a valid target"
    line = f"{verdict}: {sight.visible_fraction:.0%} of the head visible ({n - int(sight.blocked.sum())} of {n} rays clear)"
    if sight.blockers:
        line += "; blocked by " + ", ".join(sorted(sight.blockers))
    return line


def target_map(bf: Battlefield, attacker: Stand, attacker_type: str = "infantry", target_type: str = "infantry",
               cell: float = 2.0, rays: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The table-wide view: for each cell centre (xs[i], ys[j]), 1.0 when a
    ``target_type`` standing there would be a valid target for the attacker,
    0.0 when not, NaN where no figurine can stand."""
    from engine.little_soldiers.table.balance import grid, standing_heights

    xs, ys = grid(bf, cell)
    heights = standing_heights(bf, xs, ys)
    out = np.full(heights.shape, np.nan)
    ok = ~np.isnan(heights)
    if not ok.any():
        return xs, ys, out
    size = figure_size(target_type)
    gx, gy = np.meshgrid(xs, ys)
    centres = np.column_stack([gx[ok], gy[ok], heights[ok] + size.head_center_height])
    eyes = np.broadcast_to(np.asarray(head(attacker, attacker_type), dtype=float), centres.shape).copy()
    with np.errstate(invalid="ignore", divide="ignore"):  # a cell on the attacker's own head: not a target
        batch = bf.sight_engine.sight_arrays(eyes, centres, np.full(len(centres), size.head_radius),
                                             DEFAULT_RAYS if rays is None else rays)
    out[ok] = np.asarray(batch.valid, dtype=float)
    return xs, ys, out
