"""Ranges: "Stretch the cord from the figurine's base ... in a straight line,
ignoring any scenery (as the crow flies). A Little Soldier is considered
within range if any part of its figurine is inside the cord's radius."

The measuring figurine's base is a flat disc; the other figurine is a solid
upright cylinder of its base radius and height. Both are products of a disc
in the plane and an interval in z, so their distance is exactly
sqrt(gap_xy^2 + gap_z^2).
"""

from __future__ import annotations

import math

from engine.little_soldiers import data


def _interval_gap(a0: float, a1: float, b0: float, b1: float) -> float:
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
    gap_z = _interval_gap(base[2], base[2], other[2], other[2] + other_height)
    return math.hypot(gap_xy, gap_z)


def point_distance(
    point: tuple[float, float, float],
    other: tuple[float, float, float],
    other_radius: float,
    other_height: float,
) -> float:
    """Distance from a point (where a grenade die or mortar token stopped)
    to any part of a figurine."""
    return figure_distance(point, 0.0, other, other_radius, other_height)


def within(distance: float, cord: str) -> bool:
    """Is ``distance`` within the range of ``cord`` (green, red, yellow)?"""
    try:
        return distance <= data.CORD_LENGTHS[cord]
    except KeyError:
        raise ValueError(f"unknown cord {cord!r}; expected one of {', '.join(data.CORD_LENGTHS)}") from None


def distance_band(
    base: tuple[float, float, float],
    base_radius: float,
    other: tuple[float, float, float],
    other_radius: float = data.BASE_RADIUS,
    other_height: float = data.FIGURINE_HEIGHT,
) -> str | None:
    """The shortest cord (green, then red, then yellow) whose range reaches
    the other figurine, or None when it is beyond every cord."""
    distance = figure_distance(base, base_radius, other, other_radius, other_height)
    for cord, length in sorted(data.CORD_LENGTHS.items(), key=lambda item: item[1]):
        if distance <= length:
            return cord
    return None
