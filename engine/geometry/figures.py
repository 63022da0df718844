"""Figurine sizes as the geometry sees them: a base disc, a head sphere, and
a cylinder standing for the whole figurine in range checks.

The geometry knows no game: a game fills a :class:`FigureSpec` from its own
data file (Little Soldiers: ``engine.little_soldiers.table.figures``) and
passes it in, so every size has one source.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class FigureSpec:
    """One figurine's sizes in cm, measured from the bottom of its base."""

    height: float
    head_center_height: float
    head_radius: float
    base_radius: float


def head_center(spec: FigureSpec, base_xy: Sequence[float], surface_z: float = 0.0) -> tuple[float, float, float]:
    """World position of the head centre of a figurine of ``spec`` standing
    at ``base_xy`` on a surface at height ``surface_z`` (a Level top or 0)."""
    return (float(base_xy[0]), float(base_xy[1]), float(surface_z) + spec.head_center_height)
