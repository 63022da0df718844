"""Aiming a Grenade flick or a Mortar launch by a drag: the direction from
where the engine says the throw starts, the strength for the drag's length
(the engine's ``queries.throw_strength``), and where the aim may land.

:class:`ThrowAim` holds the aim being dragged; the controller plays it as a
``Throw`` when the drag ends. Nothing here decides a rule: a strength past
what reaches the play zone's edge is only capped so the strongest drag stays
on the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from engine.little_soldiers import queries
from engine.little_soldiers.view import (
    LittleSoldiersView as SeatView,  # the seat's view of the rules (the app's scene is another)
)

THROW_EDGE_MARGIN = 0.85
"""The strongest aim lands at most this share of the way to the play zone's
edge (chosen: full strength flew ~140 cm, off the table)."""


class ThrowAim:
    """The throw being aimed: ``aim`` (direction in degrees, strength) or None,
    and whether a drag begun on the thrower is aiming (the screen follows the mouse)."""

    def __init__(self, view: Callable[[], SeatView]) -> None:
        self.view = view
        self.aim: tuple[float, float] | None = None
        self.dragging = False
        self.at_most = False
        """The drag reaches past the strongest aim (``THROW_EDGE_MARGIN``): the aim
        stops growing, and the hint says so (it read "strength 0.82" and nothing more)."""

    def clear(self) -> None:
        self.aim = None
        self.dragging = False
        self.at_most = False

    def kind(self) -> str | None:
        """"grenade" or "mortar" while a throw is pending, else None."""
        shot = self.view().shot()
        return shot.kind if shot is not None else None

    def origin(self) -> tuple[float, float, float] | None:
        """Where aiming is measured from: the engine's answer (the thrower, the
        catapult on the edge, or a Battle Royale HQ's catapult)."""
        return self.view().throw_origin()

    def at(self, x: float, y: float) -> tuple[float, float] | None:
        """Aim at the table point (x, y): direction from the origin, strength
        for the drag's length; returns (direction, strength)."""
        o = self.origin()
        if o is None:
            self.aim = None
            self.at_most = False
            return None
        dx, dy = x - o[0], y - o[1]
        direction = math.degrees(math.atan2(dy, dx))
        most = THROW_EDGE_MARGIN * self.edge_distance(o, direction)
        length = min(math.hypot(dx, dy), most)
        self.at_most = math.hypot(dx, dy) > most
        strength = queries.throw_strength(self.view(), length)
        self.aim = (round(direction, 2), round(strength, 3))
        return self.aim

    def distance(self) -> float:
        """About how far the current aim throws, cm (the engine's measured flight)."""
        return queries.throw_distance(self.view(), self.aim[1]) if self.aim is not None else 0.0

    def spread(self) -> Any:
        """Where the current aim may land (shapely polygon): the engine's aim
        scatter (direction and strength, two sigma) carried through the measured
        flight; bounces and rolls on scenery can take it further."""
        from shapely.geometry import Polygon

        from engine.little_soldiers.table.throws import throw_spec

        o = self.origin()
        if self.aim is None or o is None:
            return None
        v = self.view()
        spec = throw_spec(self.kind() or "grenade")
        direction, strength = self.aim
        s_lo = max(0.0, strength * (1 - 2 * spec.strength_scatter))
        s_hi = min(1.5, strength * (1 + 2 * spec.strength_scatter))
        r_lo = queries.throw_distance(v, s_lo)
        r_hi = max(queries.throw_distance(v, s_hi), r_lo + 1.0)
        half = math.radians(max(2 * spec.direction_scatter_deg, 1.0))
        a0 = math.radians(direction)
        arc = [a0 - half + 2 * half * k / 12 for k in range(13)]
        ring = [(o[0] + r_hi * math.cos(a), o[1] + r_hi * math.sin(a)) for a in arc]
        ring += [(o[0] + r_lo * math.cos(a), o[1] + r_lo * math.sin(a)) for a in reversed(arc)]
        return Polygon(ring).buffer(1.0)

    def edge_distance(self, origin: tuple[float, float, float], direction: float) -> float:
        """cm from ``origin`` to the play zone's edge along ``direction`` (degrees)."""
        from shapely.geometry import LineString

        zone = self.view().terrain.bf.play_zone
        a = math.radians(direction)
        far = (origin[0] + 1000 * math.cos(a), origin[1] + 1000 * math.sin(a))
        hit = LineString([origin[:2], far]).intersection(zone)
        return float(hit.length) if not hit.is_empty else 0.0


__all__ = ["THROW_EDGE_MARGIN", "ThrowAim"]
