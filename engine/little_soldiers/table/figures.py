"""Little Soldiers' figurines as the geometry measures them: each type's
:class:`~engine.geometry.figures.FigureSpec`, filled from ``data.py`` (the
one source of every size)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.geometry.figures import FigureSpec
from engine.geometry.figures import head_center as spec_head_center
from engine.little_soldiers import data


def figure_spec(figure_type: str) -> FigureSpec:
    """Sizes of one figurine type (infantry, sniper, operator, grenadier)."""
    try:
        row = data.FIGURINES[figure_type]
    except KeyError:
        raise ValueError(
            f"unknown figurine type {figure_type!r}; expected one of {', '.join(data.FIGURINE_TYPES)}"
        ) from None
    return FigureSpec(row["height"], row["head_center_height"], row["head_radius"], row["base_radius"])


figure_size = figure_spec
"""The name the app and the debugger have always asked by."""


def head_center(figure_type: str, base_xy: Sequence[float], surface_z: float = 0.0) -> tuple[float, float, float]:
    """World position of the head centre of a ``figure_type`` figurine
    standing at ``base_xy`` on a surface at height ``surface_z``."""
    return spec_head_center(figure_spec(figure_type), base_xy, surface_z)


def widest_base() -> float:
    """The largest base radius of any figurine type: a table must fit them all."""
    return max(row["base_radius"] for row in data.FIGURINES.values())
