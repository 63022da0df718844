"""Cord bands: which cord's range reaches a figurine ("A Little Soldier is
considered within range if any part of its figurine is inside the cord's
radius"). The lengths are ``data.CORD_LENGTHS`` unless a caller passes the
game's resolved (overridden) lengths."""

from __future__ import annotations

from collections.abc import Mapping

from engine.geometry.ranges import figure_distance, shortest_band
from engine.little_soldiers import data


def within(distance: float, cord: str, lengths: Mapping[str, float] = data.CORD_LENGTHS) -> bool:
    """Is ``distance`` within the range of ``cord`` (green, red, yellow)?"""
    try:
        return distance <= lengths[cord]
    except KeyError:
        raise ValueError(f"unknown cord {cord!r}; expected one of {', '.join(lengths)}") from None


def distance_band(
    base: tuple[float, float, float],
    base_radius: float,
    other: tuple[float, float, float],
    other_radius: float = data.BASE_RADIUS,
    other_height: float = data.FIGURINE_HEIGHT,
    lengths: Mapping[str, float] = data.CORD_LENGTHS,
) -> str | None:
    """The shortest cord (green, then red, then yellow) whose range reaches
    the other figurine, or None when it is beyond every cord."""
    return shortest_band(figure_distance(base, base_radius, other, other_radius, other_height), lengths)
