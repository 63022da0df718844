"""Ranges: "Stretch the cord from the figurine's base ... in a straight line,
ignoring any scenery (as the crow flies). A Little Soldier is considered
within range if any part of its figurine is inside the cord's radius."

The measuring figurine's base is a flat disc; the other figurine is a solid
upright cylinder of its base radius and height. Both are products of a disc
in the plane and an interval in z, so their distance is exactly
sqrt(gap_xy^2 + gap_z^2).

Cord lengths are a game's numbers: :func:`shortest_band` takes them as a
mapping (Little Soldiers' bands are in ``engine.little_soldiers.table.cords``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping


def interval_gap(a0: float, a1: float, b0: float, b1: float) -> float:
    """The gap between the intervals [a0, a1] and [b0, b1] (0 when they meet)."""
    return max(0.0, b0 - a1, a0 - b1)


def figure_distance(
    base: tuple[float, float, float],
    base_radius: float,
    other: tuple[float, float, float],
    other_radius: float,
    other_height: float,
) -> float:
    """Straight 3D distance from a figurine's base disc (centre ``base``) to
    any part of another figurine standing at ``other``."""
    dxy = math.hypot(other[0] - base[0], other[1] - base[1])
    gap_xy = max(0.0, dxy - base_radius - other_radius)
    gap_z = interval_gap(base[2], base[2], other[2], other[2] + other_height)
    return math.hypot(gap_xy, gap_z)


def point_distance(
    point: tuple[float, float, float],
    other: tuple[float, float, float],
    other_radius: float,
    other_height: float,
) -> float:
    """Distance from a point (where a thrown die or token stopped) to any
    part of a figurine."""
    return figure_distance(point, 0.0, other, other_radius, other_height)


def shortest_band(distance: float, bands: Mapping[str, float]) -> str | None:
    """The name of the shortest band (cord) whose length reaches
    ``distance``, or None when it is beyond every band."""
    for name, length in sorted(bands.items(), key=lambda item: item[1]):
        if distance <= length:
            return name
    return None
