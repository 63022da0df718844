"""Figurine sizes as the geometry sees them: a base disc, a head sphere, and
a cylinder standing for the whole figurine in range checks.

Sizes come from the Little Soldiers data file (engine/little_soldiers/data.py);
meshes/figurines/*.json carry the same numbers for the app.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.little_soldiers import data


@dataclass(frozen=True)
class FigureSize:
    height: float
    head_center_height: float
    head_radius: float
    base_radius: float


def figure_size(figure_type: str) -> FigureSize:
    """Sizes of one figurine type (infantry, sniper, operator, grenadier)."""
    try:
        row = data.FIGURINES[figure_type]
    except KeyError:
        raise ValueError(
            f"unknown figurine type {figure_type!r}; expected one of {', '.join(data.FIGURINE_TYPES)}"
        ) from None
    return FigureSize(row["height"], row["head_center_height"], row["head_radius"], row["base_radius"])


def head_center(figure_type: str, base_xy, surface_z: float = 0.0) -> tuple[float, float, float]:
    """World position of the head centre of a figurine standing at
    ``base_xy`` on a surface at height ``surface_z`` (a Level top or 0)."""
    size = figure_size(figure_type)
    return (float(base_xy[0]), float(base_xy[1]), float(surface_z) + size.head_center_height)
